import type { Plugin } from 'vite';

const PARSER = '@formatjs/icu-messageformat-parser';
/** The parser package's build whose `parse` throws: its AST types and helpers without the parser itself. */
export const NO_PARSER = `${PARSER}/no-parser.js`;

/**
 * The browser's bundle gets `@formatjs/icu-messageformat-parser` without its parser (formatjs's "no-parser"
 * alias, ~40 % of react-intl's weight): every catalogue the browser formats arrives as ICU AST (the root's and
 * the console's from the server, the error page's compiled at build time), so there is nothing to parse. Only
 * the client environment: the server compiles the catalogues at start with the real parser. `resolve.alias` is
 * shared by every environment in Vite, hence a plugin.
 */
export function browserWithoutIcuParser(): Plugin {
  return {
    name: 'parvoz-no-icu-parser',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId(source, importer, options) {
      if (source !== PARSER) return null;
      return this.resolve(NO_PARSER, importer, { ...options, skipSelf: true });
    },
  };
}
