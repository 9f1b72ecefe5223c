// The '#' and '+' suggestions' listbox (behaviour in suggestions.ts). Part of the chunk loaded
// on demand with the parser (understood.ts): nothing to show before it is there.
import type { CSSProperties } from 'react';
import { Avatar } from '@/ui/avatar';
import { t } from './messages';
import type { ListSuggestions } from './suggestions';

interface SuggestionsProps {
  id: string;
  suggestions: ListSuggestions;
}

export function Suggestions({ id, suggestions }: SuggestionsProps) {
  if (!suggestions.open) return null;
  return (
    <div id={id} role="listbox" aria-label={suggestions.kind === 'people' ? t('quickAdd.people') : t('quickAdd.lists')} className="quick-add-suggestions">
      {suggestions.options.map((option, i) => (
        <div
          key={option.id}
          id={suggestions.optionId(i)}
          role="option"
          // Never focused: the field keeps the focus and points here with aria-activedescendant.
          tabIndex={-1}
          aria-selected={i === suggestions.active}
          className="quick-add-option"
          // Pressing an option completes it without taking the focus from the field.
          onMouseDown={(e) => {
            e.preventDefault();
            suggestions.complete(option);
          }}
        >
          {option.person ? (
            <Avatar name={option.name} color={option.color} size="sm" />
          ) : (
            <span className="list-dot" aria-hidden="true" style={{ '--accent': `var(--list-${option.color})` } as CSSProperties} />
          )}
          {option.name}
        </div>
      ))}
    </div>
  );
}
