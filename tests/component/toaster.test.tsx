import { setMediaMatches } from './support/match-media';
import { act, render, screen } from '@testing-library/react';
import toast, { useToasterStore } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppToaster } from '@/app/toaster';
import { showUndoToast } from '@/ui/toasts';

/** What the toast store says is on screen, so the test can tell "dismissed" from "gone". */
function VisibleCount() {
  const { toasts } = useToasterStore();
  return <output aria-label="visible toasts">{toasts.filter((t) => t.visible).length}</output>;
}

const visibleCount = () => Number(screen.getByRole('status', { name: 'visible toasts' }).textContent);
const messages = () => screen.queryAllByText(/^Message \d$/).map((el) => el.textContent);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  act(() => {
    toast.remove();
  });
  vi.useRealTimers();
});

describe('AppToaster', () => {
  it('shows at most 3 toasts: a fourth and fifth push the oldest out', () => {
    render(
      <>
        <AppToaster />
        <VisibleCount />
      </>,
    );
    for (let i = 1; i <= 5; i++) {
      act(() => {
        toast(`Message ${i}`);
      });
    }
    expect(visibleCount()).toBe(3);
    // Dismissed toasts leave after their exit animation; then only the newest three remain.
    act(() => {
      vi.advanceTimersByTime(1100);
    });
    expect(messages().sort()).toEqual(['Message 3', 'Message 4', 'Message 5']);
  });

  it('hides a toast after 5000 ms', () => {
    render(
      <>
        <AppToaster />
        <VisibleCount />
      </>,
    );
    act(() => {
      toast('Message 1');
    });
    act(() => {
      vi.advanceTimersByTime(4990);
    });
    expect(visibleCount()).toBe(1);
    act(() => {
      vi.advanceTimersByTime(20);
    });
    expect(visibleCount()).toBe(0);
    act(() => {
      vi.advanceTimersByTime(1100);
    });
    expect(messages()).toEqual([]);
  });

  it('stacks toasts in the bottom-left corner', () => {
    render(<AppToaster />);
    act(() => {
      toast('Message 1');
    });
    // react-hot-toast positions each toast's wrapper with inline styles: anchored to the
    // bottom, and left-aligned (no centring or right alignment; flex starts on the left).
    const wrapper = screen.getByText('Message 1').closest('div[style*="position: absolute"]') as HTMLElement;
    expect(wrapper.style.bottom).toBe('0px');
    expect(wrapper.style.top).toBe('');
    expect(['', 'flex-start']).toContain(wrapper.style.justifyContent);
  });

  it('runs a toast action once and dismisses the toast', () => {
    const undo = vi.fn();
    render(
      <>
        <AppToaster />
        <VisibleCount />
      </>,
    );
    act(() => {
      showUndoToast('Completed', undo);
    });
    act(() => {
      screen.getByRole('button', { name: 'Undo' }).click();
    });
    expect(undo).toHaveBeenCalledTimes(1);
    expect(visibleCount()).toBe(0);
  });

  it('a dismissed toast leaves the accessibility tree and takes no clicks at once, while it is still fading out', () => {
    render(<AppToaster />);
    for (let i = 1; i <= 5; i++) {
      act(() => {
        showUndoToast(`Message ${i}`, () => {});
      });
    }
    // The cap dismissed the two oldest: only the three on screen offer Undo.
    expect(screen.getAllByRole('button', { name: 'Undo' })).toHaveLength(3);
    act(() => {
      toast.dismiss();
    });
    act(() => {
      vi.advanceTimersByTime(600);
    });
    // All five are still mounted while they animate out, but no longer reachable: not by a
    // screen reader, not by Tab, not by a fast click.
    const mounted = screen.getAllByRole('button', { name: 'Undo', hidden: true });
    expect(mounted).toHaveLength(5);
    expect(screen.queryAllByRole('button', { name: 'Undo' })).toHaveLength(0);
    for (const undo of mounted) expect(undo.closest('[inert]')).not.toBeNull();
  });

  it('under reduced motion, toasts neither fade in nor out: a dismissed one is gone at once', () => {
    setMediaMatches((query) => query.includes('min-width') || query.includes('reduce'));
    try {
      render(<AppToaster />);
      act(() => {
        toast('Message 1');
      });
      const bar = screen.getByText('Message 1').closest('.toast') as HTMLElement;
      expect(bar.style.opacity).toBe('1');
      expect(bar.getAttribute('style')).toMatch(/animation: none/);
      act(() => {
        toast.dismiss();
      });
      expect(bar.style.opacity).toBe('0');
    } finally {
      setMediaMatches((query) => query.includes('min-width'));
    }
  });
});
