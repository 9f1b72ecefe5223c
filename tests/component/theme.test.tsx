import { afterEach, describe, expect, it } from 'vitest';
import { applyTheme, getTheme, setTheme, THEME_KEY } from '@/lib/theme';

afterEach(() => {
  localStorage.clear();
  document.documentElement.removeAttribute('data-theme');
});

describe('theme', () => {
  it('follows the system until the user picks one', () => {
    expect(getTheme()).toBe('system');
    applyTheme();
    expect(document.documentElement).not.toHaveAttribute('data-theme');
  });

  it.each(['light', 'dark'] as const)('remembers %s and sets data-theme on <html>', (theme) => {
    setTheme(theme);
    expect(localStorage.getItem(THEME_KEY)).toBe(theme);
    expect(document.documentElement).toHaveAttribute('data-theme', theme);
    document.documentElement.removeAttribute('data-theme');
    // A fresh start (public/boot.js, then src/app/start.tsx) applies the stored choice before the first render.
    applyTheme();
    expect(getTheme()).toBe(theme);
    expect(document.documentElement).toHaveAttribute('data-theme', theme);
  });

  it('going back to system forgets the choice and removes data-theme', () => {
    setTheme('dark');
    setTheme('system');
    expect(localStorage.getItem(THEME_KEY)).toBeNull();
    expect(document.documentElement).not.toHaveAttribute('data-theme');
  });

  it('ignores a stored value it does not know', () => {
    localStorage.setItem(THEME_KEY, 'sepia');
    expect(getTheme()).toBe('system');
  });
});
