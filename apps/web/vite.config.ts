import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { bundleBudget } from './bundle-budget';
import { precompress } from './precompress';
import {
  chakraConditionSet,
  chakraLazyGlobalStyles,
  chakraLightTokens,
  chakraPureTheme,
  chakraSystemSteps,
} from './vite-chakra';
import { earlyInputScript, paintBeforeApp, reactSchedulerSlices, splitIcons } from './vite-plugins';

// The API server `npm run dev` starts beside Vite (PORT, as the server reads it).

const backend = `http://localhost:${process.env.PORT ?? 3000}`;

export default defineConfig({
  // The router plugin reads tsr.config.json (shared with scripts/generate-routes.mjs) and must run before React's.
  plugins: [
    splitIcons(),
    earlyInputScript(),
    paintBeforeApp(),
    reactSchedulerSlices(),
    chakraPureTheme(),
    chakraLazyGlobalStyles(),
    chakraConditionSet(),
    ...chakraSystemSteps(),
    ...chakraLightTokens(),
    tanstackRouter({ target: 'react' }),
    react(),
    bundleBudget({
      maxInitialGzipBytes: 200_000,
      listModules: Number(process.env.BUNDLE_LIST_MODULES ?? 0),
    }),
    precompress(),
  ],
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
    // dist/.vite/manifest.json: the server reads which chunks a server-rendered route needs (seo-html.ts).
    manifest: true,
    // boot.js preloads the chunks itself; a browser without modulepreload fetches each as it is imported.
    modulePreload: { polyfill: false },
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Chakra's recipes were evaluated with its style system, in one module step of 10–20 ms
            // on this kind of machine: a long task on a phone. In a chunk of their own they are a
            // step of their own (boot.js). Only those of the first load: the admin's stay with it.
            {
              name: 'chakra-recipes',
              test: /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]theme[\\/]recipes[\\/]/,
              tags: ['$initial'],
            },
            // The router's code of the first load in one chunk. Left to the bundler, its modules were
            // cut wherever the lazily loaded screens shared a piece (each cut adds import and export
            // code): a pretty URL's two screens loaded as chunks of their own made more such pieces
            // and took the first load over its budget.
            {
              name: 'router',
              test: /[\\/]node_modules[\\/]@tanstack[\\/](react-router|router-core)[\\/]/,
              tags: ['$initial'],
            },
          ],
        },
      },
      treeshake: {
        // @trpc/client does not declare itself free of side effects (its sibling @trpc/server does), so
        // every link it ships (WebSocket, streaming, logger: ~10 kB gzip) stayed in the shop's first load
        // although the app uses only the batch link. Its modules only define functions and classes.
        moduleSideEffects: (id: string) => !id.includes('/node_modules/@trpc/client/'),
      },
    },
  },
});
