// The names people see for the list colours, in the order the colour picker shows them.
import type { ListColor } from '@/domain/model';

export { COLOR_CHOICES, COLOR_NAMES } from '@/ui/color-names';

/** The design token for a list colour (tuned per theme in tokens.css). */
export const colorVar = (color: ListColor) => `var(--list-${color})`;
