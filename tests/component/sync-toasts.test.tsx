import './support/match-media';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { provideSync } from '@/sync-status/load-sync';
import { SyncToasts } from '@/app/sync-toasts';
import { AppToaster } from '@/app/toaster';
import type { ErrorCode, RefusedEntry } from '@/domain/model';
import type { SyncEvent } from '@/sync';
import { installFakeSync } from './support/fake-sync';

afterEach(() => {
  act(() => {
    toast.remove();
  });
  provideSync(null);
});

function refused(id: number, code: ErrorCode, message = 'server says no'): RefusedEntry {
  return {
    id,
    name: 'task.create',
    args: { id: `t${id}`, list_id: 'l1', title: `Task ${id}`, position: 'a0' },
    created_at: '2026-01-01T00:00:00.000Z',
    error: { code, message },
    refused_at: '2026-01-01T00:00:01.000Z',
  };
}

function setup({ shown = true } = {}) {
  const fake = installFakeSync();
  const onReview = vi.fn();
  render(
    <>
      <AppToaster />
      <SyncToasts onReview={onReview} isShown={() => shown} />
    </>,
  );
  const emit = (event: SyncEvent) => act(() => fake.emit(event));
  return { fake, onReview, emit };
}

describe('toasts from sync events (SPEC §8)', () => {
  it.each([
    ['forbidden', "Couldn't sync 1 change: you can only view this list"],
    ['not_found', "Couldn't sync 1 change: it was deleted or unshared"],
    ['deleted', "Couldn't sync 1 change: it was deleted on another device"],
    ['invalid', "Couldn't sync 1 change: Title must be at most 500 characters"],
    ['stale', "Couldn't sync 1 change: the repeat was changed on another device — complete it again"],
  ] as const)('a refusal (%s) says why, with Review → the sync centre', async (code, text) => {
    const { emit, onReview } = setup();
    emit({ type: 'refused', items: [refused(1, code, 'Title must be at most 500 characters')] });
    expect(screen.getByText(text)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Review' }));
    expect(onReview).toHaveBeenCalledOnce();
  });

  it('several refusals: one toast with the count (the reason when they share one)', () => {
    const { emit } = setup();
    emit({ type: 'refused', items: [refused(1, 'forbidden'), refused(2, 'forbidden')] });
    expect(screen.getByText("Couldn't sync 2 changes: you can only view this list")).toBeInTheDocument();
    emit({ type: 'refused', items: [refused(3, 'forbidden'), refused(4, 'deleted'), refused(5, 'deleted')] });
    expect(screen.getByText("Couldn't sync 3 changes")).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Review' })).toHaveLength(2);
  });

  it('saved offline: once per spell (the engine emits it once; a repeat replaces, never stacks)', () => {
    const { emit } = setup();
    emit({ type: 'offline-saved' });
    emit({ type: 'offline-saved' });
    expect(screen.getAllByText("Saved offline — will sync when you're back")).toHaveLength(1);
  });

  it('synced after an offline spell: "Synced N changes"; routine syncs stay silent', () => {
    const { emit } = setup();
    emit({ type: 'synced', count: 4, afterOffline: false });
    emit({ type: 'status', status: 'synced', pending: 0, account: { state: 'local' }, lastSyncedAt: null, failing: null, leader: true, pull: null });
    expect(screen.queryByText(/Synced/)).not.toBeInTheDocument();
    emit({ type: 'synced', count: 1, afterOffline: true });
    expect(screen.getByText('Synced 1 change')).toBeInTheDocument();
    emit({ type: 'synced', count: 3, afterOffline: true });
    expect(screen.getByText('Synced 3 changes')).toBeInTheDocument();
  });

  it('failing for 5 minutes: the reason, with Review', () => {
    const { emit } = setup();
    emit({ type: 'failing', reason: 'The server is not answering (timed out)' });
    expect(
      screen.getByText("Can't sync right now: The server is not answering (timed out). Your changes are safe on this device."),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Review' })).toBeInTheDocument();
  });

  it('lists that vanished are named', () => {
    const { emit } = setup();
    emit({ type: 'lists-removed', listIds: ['l1'], lists: [{ id: 'l1', name: 'Groceries' }] });
    expect(screen.getByText('“Groceries” was removed from your lists — it was deleted or unshared')).toBeInTheDocument();
    emit({
      type: 'lists-removed',
      listIds: ['l2', 'l3'],
      lists: [
        { id: 'l2', name: 'Trip' },
        { id: 'l3', name: 'Club' },
      ],
    });
    expect(screen.getByText('“Trip” and “Club” were removed from your lists — they were deleted or unshared')).toBeInTheDocument();
  });

  it('the expired session is the banner’s job, not a toast', () => {
    const { emit } = setup();
    emit({ type: 'expired' });
    expect(document.querySelector('.toast')).toBeNull();
  });

  it('a session ended everywhere hands the account’s e-mail to the way to signing in, without a toast', () => {
    const fake = installFakeSync();
    const onSessionRevoked = vi.fn();
    render(
      <>
        <AppToaster />
        <SyncToasts onReview={vi.fn()} isShown={() => true} onSessionRevoked={onSessionRevoked} />
      </>,
    );
    act(() => fake.emit({ type: 'session-revoked', email: 'grace@example.com' }));
    expect(onSessionRevoked).toHaveBeenCalledExactlyOnceWith('grace@example.com');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('a tab the user can’t see stays quiet (the visible tab toasts the same event)', () => {
    const { emit } = setup({ shown: false });
    emit({ type: 'refused', items: [refused(1, 'forbidden')] });
    emit({ type: 'synced', count: 2, afterOffline: true });
    expect(screen.queryByText(/sync/i)).not.toBeInTheDocument();
  });

  it('follows the facade once it loads', () => {
    const onReview = vi.fn();
    render(
      <>
        <AppToaster />
        <SyncToasts onReview={onReview} isShown={() => true} />
      </>,
    );
    const fake = installFakeSync();
    act(() => fake.emit({ type: 'offline-saved' }));
    expect(screen.getByText("Saved offline — will sync when you're back")).toBeInTheDocument();
  });
});
