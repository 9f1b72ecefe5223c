// Settings → Reminders → "Remind at" (SPEC §11.4): a time, default 09:00, kept on this device.
import './support/match-media';
import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { RemindersSection } from '@/features/settings/reminders-section';
import { getRemindAt, REMIND_AT_KEY } from '@/domain/reminders/preference';

beforeEach(() => localStorage.clear());

describe('Remind at', () => {
  it('shows 09:00 by default and keeps a new time on the device', () => {
    const { unmount } = render(<RemindersSection />);
    const input = screen.getByLabelText('Remind at');
    expect(input).toHaveValue('09:00');
    fireEvent.change(input, { target: { value: '07:45' } });
    expect(getRemindAt()).toBe('07:45');
    expect(localStorage.getItem(REMIND_AT_KEY)).toBe('07:45');
    unmount();
    render(<RemindersSection />);
    expect(screen.getByLabelText('Remind at')).toHaveValue('07:45');
  });

  it('an emptied field says what it needs and keeps the saved time', () => {
    render(<RemindersSection />);
    const input = screen.getByLabelText('Remind at');
    fireEvent.change(input, { target: { value: '08:30' } });
    fireEvent.change(input, { target: { value: '' } });
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a time like 09:00');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(getRemindAt()).toBe('08:30');
  });

  it('back to 09:00 stores nothing (the default)', () => {
    localStorage.setItem(REMIND_AT_KEY, '10:00');
    render(<RemindersSection />);
    fireEvent.change(screen.getByLabelText('Remind at'), { target: { value: '09:00' } });
    expect(localStorage.getItem(REMIND_AT_KEY)).toBeNull();
  });

  it('a bad stored value reads as the default', () => {
    localStorage.setItem(REMIND_AT_KEY, '25:99');
    expect(getRemindAt()).toBe('09:00');
  });
});
