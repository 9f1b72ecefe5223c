// "Turn on notifications" on /notifications (SPEC §17 pushes, where the device has push on): shown
// to a signed-in person on a device that can take pushes and has never answered; it asks within
// the click and goes once they answer. Signed out, without push, or already answered: nothing.
import './support/match-media';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { provideSync } from '@/sync-status/load-sync';
import { PushOffer } from '@/features/notifications/push-offer';
import { installFakeSync } from './support/fake-sync';

const g = globalThis as unknown as Record<string, unknown>;

function device(permission: NotificationPermission, answer: NotificationPermission = 'granted') {
  const requestPermission = vi.fn(async () => {
    notification.permission = answer;
    return answer;
  });
  const notification = { permission, requestPermission };
  g.Notification = notification;
  g.PushManager = class {};
  Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
  return requestPermission;
}

afterEach(() => {
  provideSync(null);
  delete g.Notification;
  delete g.PushManager;
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

const offer = () => screen.queryByRole('button', { name: 'Turn on notifications' });

describe('PushOffer', () => {
  it('asks once on a click, and goes once answered', async () => {
    installFakeSync();
    const ask = device('default');
    render(<PushOffer />);
    expect(screen.getByText('Get them on this device too, even when Daybook is closed.')).toBeInTheDocument();
    await userEvent.click(offer()!);
    expect(ask).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(offer()).toBeNull());
  });

  it('is not offered signed out, without push, or once answered', () => {
    device('default');
    const { unmount } = render(<PushOffer />);
    expect(offer()).toBeNull();
    unmount();
    installFakeSync();
    for (const permission of ['granted', 'denied'] as const) {
      device(permission);
      const r = render(<PushOffer />);
      expect(offer()).toBeNull();
      r.unmount();
    }
    device('default');
    delete g.PushManager;
    render(<PushOffer />);
    expect(offer()).toBeNull();
  });
});
