// Any unknown address: say so plainly and offer the way home.
import { Link } from '@tanstack/react-router';
import { t } from './messages';
import './not-found.css';

export function NotFoundScreen() {
  return (
    <section className="not-found" aria-labelledby="not-found-heading">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-heading" className="not-found-title">
        {t('notFound.title')}
      </h1>
      <p className="not-found-text">{t('notFound.text')}</p>
      <Link to="/today" className="btn btn-primary">
        {t('notFound.goToday')}
      </Link>
    </section>
  );
}
