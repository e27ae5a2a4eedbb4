import { type ComponentType } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { HomePage } from './pages/public/HomePage';
import { NotFoundPage } from './pages/public/NotFoundPage';
import knownPaths from './routes/known-paths.json';
import { Layout } from './ui/Layout';

// The server reads routes/known-paths.json to decide which URLs get a 200 and which a 404,
// so the router is built from that same list. Every listed path needs a page here and
// every page here must be listed, otherwise server and browser would disagree.
const PAGES: Record<string, ComponentType> = {
  '/': HomePage,
};

const unlisted = Object.keys(PAGES).filter((path) => !knownPaths.includes(path));
const missing = knownPaths.filter((path) => !(path in PAGES));
if (unlisted.length > 0 || missing.length > 0) {
  throw new Error(
    `routes.tsx and routes/known-paths.json disagree: not listed ${JSON.stringify(unlisted)}, no page ${JSON.stringify(missing)}`,
  );
}

export function AppRoutes() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<Layout />}>
          {knownPaths.map((path) => {
            const Page = PAGES[path];
            return Page ? <Route key={path} path={path} element={<Page />} /> : null;
          })}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
