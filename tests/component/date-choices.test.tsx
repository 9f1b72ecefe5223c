import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DateChoices } from '@/ui/date-choices';

describe('date picker choices', () => {
  it("offers only the month's own days, so the grid's 27 is this month's", async () => {
    const onSelect = vi.fn();
    render(<DateChoices value="2026-11-10" today="2026-11-25" onSelect={onSelect} />);
    const grid = screen.getByRole('grid');
    const days = within(grid).getAllByRole('button');
    expect(days).toHaveLength(30);
    expect(days.map((b) => b.textContent)).toEqual(Array.from({ length: 30 }, (_, i) => String(i + 1)));
    await userEvent.setup().click(days.find((b) => b.textContent === '27')!);
    expect(onSelect).toHaveBeenLastCalledWith('2026-11-27');
  });

  it('has Today, Tomorrow, Next week, Next weekend and No date', async () => {
    const onSelect = vi.fn();
    const user = userEvent.setup();
    render(<DateChoices value={null} today="2026-11-25" onSelect={onSelect} />);
    const pick = async (name: string) => {
      await user.click(screen.getByRole('button', { name }));
      return onSelect.mock.lastCall?.[0];
    };
    expect(await pick('Today')).toBe('2026-11-25');
    expect(await pick('Tomorrow')).toBe('2026-11-26');
    expect(await pick('Next week')).toBe('2026-11-30');
    expect(await pick('Next weekend')).toBe('2026-12-05');
    expect(await pick('No date')).toBeNull();
  });
});
