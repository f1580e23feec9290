import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { routeModuleReloadGuard } from './build-tools/route-module-reload-guard.ts';
import { errorMessagesModule } from './build-tools/error-messages.ts';
import { appCssModule } from './build-tools/inline-css.ts';
import { browserWithoutIcuParser } from './build-tools/no-icu-parser.ts';
import { shellMessagesFiles } from './build-tools/shell-messages.ts';
import { trimDatePolyfillData } from './build-tools/trim-date-data.ts';

export default defineConfig({
  plugins: [
    routeModuleReloadGuard(),
    errorMessagesModule(),
    appCssModule(),
    browserWithoutIcuParser(),
    shellMessagesFiles(),
    trimDatePolyfillData(),
    tailwindcss(),
    reactRouter(),
  ],
  build: {
    assetsInlineLimit: 0,
    // bench/hydration-profile.ts reads the browser's profile back to our sources: maps written beside the chunks
    // but not referenced from them, so the chunks stay byte for byte the shipped ones. Never in a shipped build
    // (the site would serve the maps).
    sourcemap: process.env.BUILD_SOURCEMAPS === '1' ? 'hidden' : false,
    rolldownOptions: {
      output: {
        // Every page needs React, React Router and react-intl: two files instead of a dozen small ones, so a
        // phone on a slow network (HTTP/1.1, six connections) waits fewer round trips before hydrating. Only
        // the message formatter's packages: the /uz Intl polyfills (@formatjs/intl-*) stay lazy.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|turbo-stream|cookie|set-cookie-parser)[\\/]/,
              priority: 2,
            },
            {
              // Only the pages with a form validated in the browser load it (root's lib/zod-no-eval.ts turns
              // its eval probe off without importing it).
              name: 'zod',
              test: /[\\/]node_modules[\\/]zod[\\/]/,
              priority: 1,
            },
            {
              name: 'intl',
              test: /[\\/]node_modules[\\/](react-intl|intl-messageformat|@formatjs[\\/](intl|icu-messageformat-parser|icu-skeleton-parser|fast-memoize))[\\/]/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  // `npm run dev` runs the API separately; the browser keeps one origin.
  server: { proxy: { '/v1': process.env.API_URL ?? 'http://127.0.0.1:3001' } },
});
