import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App, normalisePath } from './App';
import { loadPage } from './pages/page-cache';
import { pageKeyFor } from './pages/registry';
import './ui/site.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

async function start(root: HTMLElement): Promise<void> {
  // Fetch the current page's chunk before hydrating so the first client render matches the prerendered HTML.
  const key = pageKeyFor(normalisePath(window.location.pathname));
  if (key) await loadPage(key);
  const app = (
    <BrowserRouter>
      <App />
    </BrowserRouter>
  );
  // Served pages are prerendered; the Vite dev server sends an empty #root.
  if (root.firstElementChild) hydrateRoot(root, app);
  else createRoot(root).render(app);
}

void start(container);
