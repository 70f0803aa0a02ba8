import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compressAssets } from './build/compressAssets';

// The API server (apps/server) serves /api and the WebSocket broker on /mqtt on one port.
const API_TARGET = process.env.FARMPARK_API ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), compressAssets()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/mqtt': { target: API_TARGET, ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
    // dist/.vite/manifest.json: the bundle budget test (e2e/bundle.e2e.ts) reads what /login loads from it.
    manifest: true,
    // No injected polyfill: every browser the console supports has modulepreload, and the content
    // security policy (script-src 'self') leaves no room for script the build writes on its own.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Vendor code changes far less often than pages; separate chunks keep browser caches warm.
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
        },
      },
    },
  },
});
