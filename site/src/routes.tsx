import { useEffect } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { NotFoundPage } from './pages/public/NotFoundPage';
import { PAGES } from './pages/registry';
import { RoutedPage } from './pages/RoutedPage';
import knownPaths from './routes/known-paths.json';
import redirects from './routes/redirects.json';
import { Layout } from './ui/Layout';

// The server reads routes/known-paths.json (200 or 404) and routes/redirects.json (301), so the router is
// built from those same lists. Every listed path needs a page in the registry and every page must be
// listed, otherwise server and browser would disagree.
const unlisted = Object.keys(PAGES).filter((path) => !knownPaths.includes(path));
const missing = knownPaths.filter((path) => !(path in PAGES));
if (unlisted.length > 0 || missing.length > 0) {
  throw new Error(
    `pages/registry.tsx and routes/known-paths.json disagree: not listed ${JSON.stringify(unlisted)}, no page ${JSON.stringify(missing)}`,
  );
}

/**
 * The same redirect as the server's 301 for a link followed inside the app. A target this app does not
 * render (e.g. a sign-in page of another area) is left to the server with a real page load.
 */
function Redirect({ to }: { to: string }) {
  const inApp = knownPaths.includes(to.split('#')[0]!);
  useEffect(() => {
    if (!inApp) window.location.replace(to);
  }, [inApp, to]);
  return inApp ? <Navigate to={to} replace /> : null;
}

export function AppRoutes() {
  return (
    <Routes>
      {Object.entries(redirects).map(([from, to]) => (
        <Route key={from} path={from} element={<Redirect to={to} />} />
      ))}
      <Route element={<Layout />}>
        {knownPaths.map((path) => (
          <Route key={path} path={path} element={<RoutedPage path={path} />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
