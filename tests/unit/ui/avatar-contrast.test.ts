// An avatar's initials are drawn in the surface colour on the person's list colour (src/ui/avatar.css):
// that pair must meet WCAG AA (4.5:1) for every colour, in the light and the dark theme.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LIST_COLORS } from '@/domain/model';

const css = readFileSync(new URL('../../../src/styles/tokens.css', import.meta.url), 'utf8');

/** The tokens of the first block that starts with `selector`. */
function tokens(selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`);
  const body = css.slice(start, css.indexOf('}', start));
  return Object.fromEntries([...body.matchAll(/--([\w-]+):\s*(#[0-9a-f]{6})/gi)].map((m) => [m[1]!, m[2]!]));
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe.each([
  ['light', tokens(':root')],
  ['dark', tokens(':root[data-theme="dark"]')],
])('avatar text on every colour, %s theme', (_theme, t) => {
  it.each(LIST_COLORS.map((c) => [c]))('%s meets AA', (color) => {
    const disc = t[`list-${color}`];
    const text = t.surface;
    expect(disc, `--list-${color}`).toBeDefined();
    expect(contrast(disc!, text!)).toBeGreaterThanOrEqual(4.5);
  });
});
