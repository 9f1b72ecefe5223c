// A person as a circle with the initials of their name (its first two words) in their colour
// (SPEC §16). One for every place a person appears: members, assignees, invitations, previews.
// The disc takes the list colour's token and the text the surface's, a pair that meets AA in both
// themes (tests/unit/ui/avatar-contrast.test.ts).
import type { CSSProperties } from 'react';
import type { ListColor } from '@/domain/model';
import { initialsOf } from '@/domain/people';
import './avatar.css';

interface AvatarProps {
  name: string;
  color: ListColor;
  size?: 'sm' | 'md' | 'lg';
  /** Someone not on the list yet (an invitation): an outline, no colour. */
  pending?: boolean;
  /** When the avatar stands alone (no name beside it), what it says: e.g. "Assigned to Ana". */
  label?: string;
  title?: string;
}

export function Avatar({ name, color, size = 'md', pending = false, label, title }: AvatarProps) {
  const style = { '--avatar': `var(--list-${color})` } as CSSProperties;
  const className = `avatar avatar-${size}${pending ? ' is-pending' : ''}`;
  const text = initialsOf(name) || '·';
  if (label) {
    return (
      <span className={className} style={style} role="img" aria-label={label} title={title}>
        {text}
      </span>
    );
  }
  return (
    <span className={className} style={style} aria-hidden="true" title={title}>
      {text}
    </span>
  );
}
