import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compressAssets } from './build/compressAssets';

// The API server (apps/server) serves /api and the WebSocket broker on /mqtt on one port.
const PRODUCTION_ROUTER = new URL(
  '../production/index.mjs',
  `file://${createRequire(import.meta.url).resolve('react-router')}`,
);
const API_TARGET = process.env.FARMPARK_API ?? 'http://127.0.0.1:8080';

export default defineConfig(({ mode }) => ({
  plugins: [react(), compressAssets()],
  resolve: {
    // react-router's package exports name only its development build (warnings, checks); a release
    // takes the production one it ships beside it.
    alias: mode === 'production' ? [{ find: /^react-router$/, replacement: fileURLToPath(PRODUCTION_ROUTER) }] : [],
  },
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
      // Building a zod schema has no side effect: a schema /login does not use stays out of its chunks.
      treeshake: { manualPureFunctions: ['z'] },
      // The consumer pages /OC and /TC are their own entry: no console code, no antd (issue 14).
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        publicTrace: fileURLToPath(new URL('./public-trace.html', import.meta.url)),
      },
      output: {
        // Vendor code changes far less often than pages; separate chunks keep browser caches warm.
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
        },
      },
    },
  },
}));
