import type { Plugin } from 'vite';
import { LOCALES, isLocale } from '@parvoz/i18n/locales';
import { shellMessagesFile } from '../app/lib/shell-messages.server.ts';

/**
 * Writes each language's shell messages file into the browser's build (`assets/messages-{locale}-{hash}.js`,
 * named and written by app/lib/shell-messages.server.ts, so the server names the same file in its pages), and
 * serves it from `npm run dev`'s Vite server, which has no build.
 */
export function shellMessagesFiles(): Plugin {
  return {
    name: 'parvoz-shell-messages',
    generateBundle() {
      if (this.environment.config.consumer !== 'client') return;
      for (const locale of LOCALES) {
        const { fileName, source } = shellMessagesFile(locale);
        this.emitFile({ type: 'asset', fileName, source });
      }
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const locale = /^\/assets\/messages-([a-z]{2})-[\w-]+\.js$/.exec(request.url ?? '')?.[1];
        if (!locale || !isLocale(locale)) return next();
        response.setHeader('Content-Type', 'text/javascript; charset=utf-8');
        response.end(shellMessagesFile(locale).source);
      });
    },
  };
}
