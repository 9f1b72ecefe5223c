// Any unknown address: say so plainly and offer the way home.
import { Link } from '@tanstack/react-router';
import './not-found.css';

export function NotFoundScreen() {
  return (
    <section className="not-found" aria-labelledby="not-found-heading">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-heading" className="not-found-title">
        Page not found
      </h1>
      <p className="not-found-text">There’s nothing at this address. Your lists and tasks are safe.</p>
      <Link to="/today" className="btn btn-primary">
        Go to Today
      </Link>
    </section>
  );
}
