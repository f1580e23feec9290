import tseslint from 'typescript-eslint';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';

/**
 * The API's modules (docs/architecture.md): code outside `apps/api/src/modules/<name>/` reaches a module
 * through its index.ts, the app its routes.ts, and tests its testing/ folder; never its store or service.
 */
const apiModuleZones = readdirSync(new URL('./apps/api/src/modules/', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map(({ name }) => ({
    target: [
      './apps/api/src/!(modules)/**/*',
      './apps/api/src/*',
      `./apps/api/src/modules/!(${name})/**/*`,
      './apps/host/**/*',
      './e2e/**/*',
      './scripts/**/*',
      './bench/**/*',
    ],
    from: `./apps/api/src/modules/${name}`,
    except: ['./index.ts', './routes.ts', './testing'],
    message: `Use modules/${name} through its index.ts (routes.ts for the app, testing/ for tests).`,
  }));

/** The web's import boundary: data only through the API over HTTP, and of core only `coreModules`. */
function webImports(coreModules) {
  return {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: [
              '@parvoz/db',
              '@parvoz/db/*',
              '@parvoz/api',
              '@parvoz/api/*',
              '@parvoz/host',
              '@parvoz/host/*',
            ],
            message:
              'The web layer reaches data only through the API over HTTP (and is hosted, never hosting).',
          },
          {
            regex: `^@parvoz/core(?!/(${coreModules.join('|')})$)`,
            message: `Domain rules stay in the API; the web may use only these of core: ${coreModules.join(', ')}.`,
          },
        ],
      },
    ],
  };
}

// One lint config for the repo: TypeScript, accessibility, hooks, and the import boundaries of DESIGN §2.
export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/build/**', '**/.react-router/**', 'var/**', 'data/**', 'coverage/**'],
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    // Resolves our `.ts`/`.tsx` specifiers and the workspace packages for the import rules (no-cycle needs it).
    settings: {
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/ignore': ['node_modules'],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import-x/no-self-import': 'error',
      // Modules form a tree: a cycle means two modules should be one, or a third is missing.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // core is pure domain: it imports nothing else of ours.
            { target: './packages/core', from: './packages', except: ['./core'] },
            { target: './packages/core', from: './apps' },
            { target: './packages/contracts', from: './apps' },
            { target: './packages/contracts', from: './packages/db' },
            { target: './packages/i18n', from: './apps' },
            { target: './packages/db', from: './apps' },
            // web talks to the API over HTTP only: no core rules, no SQL.
            { target: './apps/web', from: './packages/db' },
            { target: './apps/web', from: './apps/api' },
            { target: './apps/api', from: './apps/web' },
            // The host (apps/host) composes the API and the web build into the process; neither imports it.
            { target: './apps/api', from: './apps/host' },
            { target: './apps/web', from: './apps/host' },
            ...apiModuleZones,
          ],
        },
      ],
    },
  },
  {
    // Workspace packages resolve through node_modules symlinks, so name them too.
    files: ['apps/web/**/*.{ts,tsx}'],
    // Pure functions the browser runs as the visitor types: the search URL codec and document names.
    rules: webImports(['search-segment', 'document-names']),
  },
  {
    // Tests may also build an offer's flights with core's fixtures (offer-testing.ts) and
    // calendar oracles (dates-testing.ts): shapes and first principles, not rules.
    files: ['apps/web/**/*.test.{ts,tsx}'],
    rules: webImports(['search-segment', 'document-names', 'offer-testing', 'dates-testing']),
  },
  {
    // The API is a Fastify plugin the host registers (docs/architecture.md, "The host"): it never reaches back
    // into the process around it, nor into the web app.
    files: ['apps/api/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@parvoz/host', '@parvoz/host/*', '@parvoz/web', '@parvoz/web/*'],
              message: 'The API does not import the host (apps/host) or the web app: they import it.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@parvoz/*'],
              message: 'packages/core is pure domain and imports nothing else of ours.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/contracts/**/*.ts', 'packages/i18n/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@parvoz/db',
                '@parvoz/db/*',
                '@parvoz/api',
                '@parvoz/api/*',
                '@parvoz/web',
                '@parvoz/host',
                '@parvoz/host/*',
              ],
              message: 'Shared packages never depend on the apps or storage.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/app/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['apps/web/app/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Features stay independent of each other (DESIGN §2).
    files: ['apps/web/app/features/*/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: ['search', 'booking', 'orders', 'auth', 'profile', 'info', 'price-alerts'].map(
            (feature) => ({
              target: `./apps/web/app/features/${feature}`,
              from: './apps/web/app/features',
              except: [`./${feature}`],
            }),
          ),
        },
      ],
    },
  },
);
