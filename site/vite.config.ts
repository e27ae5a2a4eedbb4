import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// In production the API serves site/dist itself; in development the Vite server
// forwards API calls to it so the site can use same-origin relative URLs everywhere.
const apiTarget = 'http://localhost:3000';

// `npm run build` runs two builds: the browser bundle into dist/, then (with --ssr) the prerender entry into
// dist/.ssr, which site/scripts/prerender.mjs uses and then deletes. The build script sets NODE_ENV=production:
// the launcher may run it from a development process, and Vite would then bundle React's development build.
export default defineConfig(({ isSsrBuild }) => ({
  base: '/',
  plugins: [react()],
  build: isSsrBuild
    ? { outDir: 'dist/.ssr', emptyOutDir: true, copyPublicDir: false }
    : { outDir: 'dist', emptyOutDir: true },
  server: {
    port: 5173,
    strictPort: true,
    proxy: { '/api': apiTarget, '/healthz': apiTarget },
  },
}));
