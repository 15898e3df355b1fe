import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const backend = 'http://localhost:3000';

export default defineConfig({
  // The router plugin reads tsr.config.json (shared with scripts/generate-routes.mjs) and must run before React's.
  plugins: [tanstackRouter({ target: 'react' }), react()],
  server: {
    port: 5173,
    proxy: {
      '/trpc': backend,
      '/api': backend,
      '/media': backend,
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
  },
});
