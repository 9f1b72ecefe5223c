// The names people see for the list colours (lists, labels and avatars use the same eight), in
// the order the pickers show them.
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
