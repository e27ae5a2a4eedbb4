import { Link } from 'react-router-dom';
import { usePageTitle } from '../../ui/usePageTitle';

export function NotFoundPage() {
  usePageTitle('Page not found');

  return (
    <section className="container not-found" aria-labelledby="not-found-title">
      <h1 id="not-found-title">Page not found</h1>
      <p>Sorry, we could not find the page you were looking for. It may have moved, or the address may be mistyped.</p>
      <p>
        <Link to="/" className="button">
          Go to the home page
        </Link>
      </p>
    </section>
  );
}
