import './support/match-media';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

describe('toasts asked for before react-hot-toast has loaded', () => {
  it('get their id at once and show, in the order asked, when the library is there', async () => {
    // Fresh copies of the modules: the library is not loaded yet, as at the app's start.
    vi.resetModules();
    const fresh = await import('@/ui/toasts');
    const first = fresh.showToast('First', undefined, { id: 'first' });
    const second = fresh.showUndoToast('Second', () => {});
    const third = fresh.showErrorToast('Third');
    expect(first).toBe('first');
    expect(second).not.toBe(third);
    const { AppToaster } = await import('@/app/toaster');
    render(<AppToaster />);
    expect(await screen.findByText('Third')).toBeInTheDocument();
    const shown = screen.getAllByText(/^(First|Second|Third)$/).map((el) => el.textContent);
    // The store lists the newest first.
    expect(shown).toEqual(['Third', 'Second', 'First']);
    expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
  });
});
