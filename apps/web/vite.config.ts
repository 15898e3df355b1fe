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
import {
  earlyInputScript,
  ICON_MODULE_PREFIX,
  paintBeforeApp,
  reactSchedulerSlices,
  splitIcons,
} from './vite-plugins';

// The API server `npm run dev` starts beside Vite (PORT, as the server reads it).

const backend = `http://localhost:${process.env.PORT ?? 3000}`;

/** The UI packages whose modules of the first load share one chunk (`first-load-ui` below). */
const FIRST_LOAD_UI =
  /[\\/]node_modules[\\/](@ark-ui|@zag-js|@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]components|@tanstack[\\/](react-query|query-core)|react-icons)[\\/]/;

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
            // The first load's UI libraries in one file: Chakra's components, the Ark and Zag parts under
            // them, React Query and the icons, with what they import (Emotion, Chakra's style system).
            // Left to the bundler they were some thirty files of a few hundred bytes, cut wherever a
            // lazily loaded screen shared one, and each file costs the browser a request's work on its
            // other threads, which take the two cores from the page's main thread (README, Speed):
            // every page now loads 25 files fewer, and the first load is 6 kB smaller. Groups are
            // matched in this order, so the recipes and the router keep their own chunks.
            {
              name: 'first-load-ui',
              test: (id: string) => FIRST_LOAD_UI.test(id) || id.startsWith(ICON_MODULE_PREFIX),
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
