// The names people see for the list colours, in the order the colour picker shows them.
import { LIST_COLORS, type ListColor } from '@/domain/model';

export const COLOR_NAMES: Record<ListColor, string> = {
  grey: 'Grey',
  red: 'Red',
  orange: 'Orange',
  yellow: 'Yellow',
  green: 'Green',
  teal: 'Teal',
  blue: 'Blue',
  purple: 'Purple',
};

export const COLOR_CHOICES = LIST_COLORS.map((color) => ({ color, name: COLOR_NAMES[color] }));

/** The design token for a list colour (tuned per theme in tokens.css). */
export const colorVar = (color: ListColor) => `var(--list-${color})`;
