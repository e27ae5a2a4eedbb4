import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConfigProvider } from './config/ConfigContext';
import { AppRoutes } from './routes';
import './ui/site.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <ConfigProvider>
      <AppRoutes />
    </ConfigProvider>
  </StrictMode>,
);
