import { Outlet } from 'react-router-dom';
import { ConsentProvider } from '../consent/ConsentContext';
import { Footer } from './Footer';
import { Header } from './Header';
import { MaintenanceBanner } from './MaintenanceBanner';
import { usePageViews } from './usePageViews';
import { useScrollManager } from './useScrollManager';

export function Layout() {
  useScrollManager();
  usePageViews();
  return (
    <ConsentProvider>
      <div className="page">
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <MaintenanceBanner />
        <Header />
        <main id="main" className="page__main" tabIndex={-1}>
          <Outlet />
        </main>
        <Footer />
      </div>
    </ConsentProvider>
  );
}
