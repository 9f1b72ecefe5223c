// A screen's frame: a section named by its one h1, with an optional line under the title and
// controls beside it (e.g. the Lists screen's "New list").
import { type ReactNode, useId } from 'react';

interface ScreenProps {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  /** Extra class on the section, for the screen's own layout. */
  className?: string;
  children: ReactNode;
}

export function Screen({ title, subtitle, actions, className, children }: ScreenProps) {
  const id = useId();
  const heading = (
    <h1 id={`${id}-title`} className="screen-title">
      {title}
    </h1>
  );
  return (
    <section className={className ? `screen ${className}` : 'screen'} aria-labelledby={`${id}-title`}>
      <header className="screen-header">
        {subtitle === undefined ? (
          heading
        ) : (
          <div>
            {heading}
            <p className="screen-subtitle">{subtitle}</p>
          </div>
        )}
        {actions}
      </header>
      {children}
    </section>
  );
}
