import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// In production the API serves site/dist itself; in development the Vite server
// forwards API calls to it so the site can use same-origin relative URLs everywhere.
const apiTarget = 'http://localhost:3000';

export default defineConfig({
  base: '/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    port: 5173,
    strictPort: true,
    proxy: { '/api': apiTarget, '/healthz': apiTarget },
  },
});
