import { Link } from 'react-router-dom';
import { useDocumentMeta } from '../../ui/useDocumentMeta';
import { NOT_FOUND_META } from '../registry';

export function NotFoundPage() {
  useDocumentMeta(NOT_FOUND_META);

  return (
    <section className="container not-found" aria-labelledby="not-found-title">
      <h1 id="not-found-title">Page not found</h1>
      <p>Sorry, we could not find the page you were looking for. It may have moved, or the address may be mistyped.</p>
      <p>
        Try the <Link to="/help">Help Centre</Link>, or see our <Link to="/bill-packages">bill packages</Link>.
      </p>
      <p>
        <Link to="/" className="button">
          Go to the home page
        </Link>
      </p>
    </section>
  );
}
