// The names people see for the list colours (lists, labels and avatars use the same eight), in
// the order the pickers show them.
// Each name is looked up when read, so it is in the language current then.
import { LIST_COLORS, type ListColor } from '@/domain/model';
import { t } from './messages';

const KEYS = {
  grey: 'ui.colorGrey',
  red: 'ui.colorRed',
  orange: 'ui.colorOrange',
  yellow: 'ui.colorYellow',
  green: 'ui.colorGreen',
  teal: 'ui.colorTeal',
  blue: 'ui.colorBlue',
  purple: 'ui.colorPurple',
} as const satisfies Record<ListColor, string>;

export const COLOR_NAMES: Readonly<Record<ListColor, string>> = Object.defineProperties(
  {} as Record<ListColor, string>,
  Object.fromEntries(LIST_COLORS.map((color) => [color, { enumerable: true, get: () => t(KEYS[color]) }])),
);

export const COLOR_CHOICES: readonly { color: ListColor; readonly name: string }[] = LIST_COLORS.map((color) => ({
  color,
  get name() {
    return COLOR_NAMES[color];
  },
}));
