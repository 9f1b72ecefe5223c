import { Link } from '@tanstack/react-router';

/** Minimal not-found screen until the not-found feature's screen is wired in. */
export function FallbackNotFound() {
  return (
    <section className="screen">
      <h1>Page not found</h1>
      <p>
        <Link to="/today">Go to Today</Link>
      </p>
    </section>
  );
}
