// "q" finds the screen's quick add by what it is, not by its English name, so the shortcut works
// in every language; "?" lists the shortcuts in the person's language.
import './support/match-media';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { switchLanguage } from '@/lib/i18n';
import { renderRoutes } from './support/render-routes';
import { freshAppEachTest } from './support/fresh-app';

freshAppEachTest();
afterEach(() => switchLanguage(null));

it('in German, "q" focuses quick add and "?" opens "Tastenkürzel"', async () => {
  await switchLanguage('de');
  const { user } = renderRoutes('/today');
  await screen.findByRole('heading', { level: 1 });
  const field = document.querySelector<HTMLInputElement>('main input.quick-add-input');
  expect(field).not.toBeNull();
  // the shortcuts' listener arrives with its lazy chunk
  await waitFor(async () => {
    await user.keyboard('q');
    expect(field).toHaveFocus();
  });
  field?.blur();
  await user.keyboard('?');
  const dialog = await screen.findByRole('dialog', { name: 'Tastenkürzel' });
  expect(dialog).toHaveTextContent('g dann tZu Heute');
});
