import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API serves admin/dist under /admin/, so every asset URL must carry that prefix.
const apiTarget = 'http://localhost:3000';

export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // react-admin + MUI dwarf our own code and change far less often; a separate vendor
    // chunk keeps it cached across back-office releases. Vite 8 bundles with Rolldown,
    // whose replacement for Rollup's manualChunks is output.codeSplitting.groups.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'vendor', test: /[\\/]node_modules[\\/]/ }],
        },
      },
    },
    // The vendor chunk is knowingly large (react-admin, MUI, Apollo); warn only well above it.
    chunkSizeWarningLimit: 2000,
  },
  server: {
    port: 5174,
    strictPort: true,
    proxy: { '/api': apiTarget, '/healthz': apiTarget },
  },
});
