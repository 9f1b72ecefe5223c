// The names people see for the list colours, in the order the colour picker shows them.
import type { ListColor } from '@/domain/model';
import { type ListsKey, t } from './messages';

export { COLOR_CHOICES } from '@/ui/color-names';

/** The colour's name in the current language ("Grey", "Grau", "グレー"). */
export const colorName = (color: ListColor) => t(`lists.colour.${color}` as ListsKey);

/** The design token for a list colour (tuned per theme in tokens.css). */
export const colorVar = (color: ListColor) => `var(--list-${color})`;
