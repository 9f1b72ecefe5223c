import { type ReactNode, useId } from 'react';

/** One titled group of settings, drawn as a card. */
export function SettingsSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="section" aria-labelledby={id}>
      <h2 id={id} className="section-title">
        {title}
      </h2>
      <div className="settings-card">{children}</div>
    </section>
  );
}
