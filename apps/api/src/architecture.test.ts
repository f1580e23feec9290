/**
 * The API's layout as a test (docs/architecture.md): imports run down the floors, never back up; a module's
 * tables are touched only by its store; other code reaches a module through its index.ts (and the app through
 * its routes.ts); test helpers sit in testing/ folders, not in the API's root, and nothing in the API imports the
 * e2e suite or the host (apps/host, which imports the API); no source file grows past 400 lines. Fix the
 * layout rather than this test; the list of older files over 400 lines may only shrink.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { getTableName, isTable } from 'drizzle-orm';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';

const SRC = import.meta.dirname;
const REPO = path.resolve(SRC, '../../..');
const MAX_FILE_LINES = 400;

/** Files over MAX_FILE_LINES when the limit came in, at their length then: they may shrink, never grow. */
const LONG_FILES_CEILING: Record<string, number> = {};

/**
 * The files outside a supplier's folder that may name it (docs/suppliers.md): the registry, its one line per
 * supplier. May only shrink.
 */
const SUPPLIER_NAMED_IN = ['suppliers/registry.ts'];

/** The outside payment providers, each in its folder `payments/<name>/` (docs/payment-providers.md). */
const PAYMENT_PROVIDER_NAMES = ['payme', 'click', 'iyzico', 'stripe'];

/**
 * The files outside a payment provider's folder that may name it (docs/architecture.md, "Payment providers"): the
 * registry, its one line per provider. May only shrink.
 */
const PAYMENT_PROVIDER_NAMED_IN = ['payments/registry.ts'];

const FLOORS = ['base', 'outside', 'domain', 'edge', 'composition'] as const;
type Floor = (typeof FLOORS)[number];

const isTestCode = (file: string) =>
  /\.test\.tsx?$/.test(file) ||
  file.split('/').includes('testing') ||
  file.endsWith('-testing.ts') ||
  file === 'testing.ts';

/**
 * The floor of a source file (docs/architecture.md, "Floors"), or null for test code, which may reach any
 * floor. Settings are plain schemas read by config.ts, so they sit with it on the base floor.
 */
function floorOf(file: string): Floor | null {
  if (isTestCode(file)) return null;
  const [top] = file.split('/');
  const name = path.basename(file);
  // config-check.ts assembles the whole configuration (the API's settings and each registered provider's) and
  // is imported only by the host and tests.
  if (file === 'app.ts' || file === 'config-check.ts') return 'composition';
  if (top === 'routes' || name === 'routes.ts' || file === 'rate-limit.ts') return 'edge';
  if (name === 'settings.ts' || file === 'payments/provider-settings.ts') return 'base';
  if (top === 'platform') return 'base';
  if (top === 'modules' || top === 'second-factor') return 'domain';
  if (top === 'adapters' || top === 'payments' || top === 'suppliers') return 'outside';
  if (!file.includes('/')) return 'base';
  throw new Error(`${file}: no floor is defined for this folder (docs/architecture.md)`);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts') && !f.split(path.sep).includes('node_modules'))
    .map((f) => f.split(path.sep).join('/'))
    .sort();
}

const apiFiles = sourceFiles(SRC);
// Each check reads every file again: read and parse each once (the checks took 19 s of CPU with a parse per check).
const texts = new Map<string, string>();
const text = (file: string) => {
  let body = texts.get(file);
  if (body === undefined) texts.set(file, (body = readFileSync(path.join(SRC, file), 'utf8')));
  return body;
};
type RelativeImport = { spec: string; target: string; typeOnly: boolean };
const importsOf = new Map<string, RelativeImport[]>();

/** Relative module specifiers of a file (imports, re-exports, dynamic imports), resolved to API paths. */
function relativeImports(file: string): RelativeImport[] {
  let found = importsOf.get(file);
  if (!found) importsOf.set(file, (found = parseRelativeImports(file)));
  return found;
}

function parseRelativeImports(file: string): RelativeImport[] {
  const source = ts.createSourceFile(file, text(file), ts.ScriptTarget.Latest, false);
  const found: RelativeImport[] = [];
  const visit = (node: ts.Node) => {
    let spec: string | undefined;
    let typeOnly = false;
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      spec = node.moduleSpecifier.text;
      typeOnly = !!node.importClause?.isTypeOnly;
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      spec = node.moduleSpecifier.text;
      typeOnly = node.isTypeOnly;
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      spec = node.arguments[0].text;
    }
    if (spec?.startsWith('.')) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
      found.push({ spec, target, typeOnly });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const moduleNames = readdirSync(path.join(SRC, 'modules'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

describe('the API layout', () => {
  test('the checks see the sources, every floor and the modules', () => {
    expect(apiFiles).toContain('app.ts');
    expect(new Set(apiFiles.map(floorOf))).toEqual(new Set([...FLOORS, null]));
    expect(moduleNames).toContain('price-alerts');
  });

  test('imports run down the floors: composition, edge, domain, outside, base', () => {
    const upward = apiFiles.flatMap((file) => {
      const from = floorOf(file);
      if (!from) return [];
      return relativeImports(file).flatMap(({ spec, target }) => {
        if (target.startsWith('..')) return [`${file} imports ${spec}, outside the API`];
        const to = floorOf(target);
        if (to === null) return [`${file} (${from}) imports test code ${target}`];
        return FLOORS.indexOf(to) > FLOORS.indexOf(from)
          ? [`${file} (${from}) imports ${target} (${to})`]
          : [];
      });
    });
    expect(upward).toEqual([]);
  });

  test('test helpers sit in testing/ folders beside what they serve, none in the API root', () => {
    const helpersInRoot = apiFiles.filter(
      (file) => !file.includes('/') && (file.endsWith('-testing.ts') || file === 'testing.ts'),
    );
    expect(helpersInRoot).toEqual([]);
  });

  test('nothing in the API imports the e2e suite', () => {
    const intoE2e = apiFiles.filter((file) =>
      relativeImports(file).some(({ target }) => path.posix.normalize(target).startsWith('../../../e2e/')),
    );
    expect(intoE2e).toEqual([]);
  });

  test('nothing in the API imports the host (apps/host): the host imports the API', () => {
    const intoHost = apiFiles.filter(
      (file) =>
        relativeImports(file).some(({ target }) => target.startsWith('../../host/')) ||
        /from '@parvoz\/host[/']/.test(text(file)),
    );
    expect(intoHost).toEqual([]);
  });

  test.each(moduleNames)(
    'modules/%s has an index.ts and is reached only through it (or routes.ts)',
    (name) => {
      const folder = `modules/${name}/`;
      expect(existsSync(path.join(SRC, folder, 'index.ts'))).toBe(true);
      const publicFiles = new Set([`${folder}index.ts`, `${folder}routes.ts`]);
      const intoInternals = apiFiles
        .filter((file) => !file.startsWith(folder))
        .flatMap((file) =>
          relativeImports(file)
            .filter(({ target }) => target.startsWith(folder))
            .filter(({ target }) => !publicFiles.has(target) && !target.startsWith(`${folder}testing/`))
            .map(({ target }) => `${file} imports ${target}`),
        );
      expect(intoInternals).toEqual([]);
    },
  );

  test('no file outside suppliers/duffel/ names Duffel (tests, testing/ and the documents cited aside)', () => {
    const names = (file: string) => /duffel/i.test(text(file).replace(/docs\/[\w./-]+/g, ''));
    expect(names('suppliers/duffel/orders.ts')).toBe(true);
    const naming = apiFiles.filter(
      (file) =>
        !isTestCode(file) &&
        !file.startsWith('suppliers/duffel/') &&
        !SUPPLIER_NAMED_IN.includes(file) &&
        names(file),
    );
    expect(naming).toEqual([]);
  });

  test.each(PAYMENT_PROVIDER_NAMES)(
    'no file outside payments/%s/ names it (tests, testing/ and the documents cited aside)',
    (provider) => {
      // As a word: "one-click", `payme-server.ts` or a path under docs/ are not the provider.
      const word = new RegExp(`(?<![\\w-])${provider}(?![\\w-])`, 'i');
      const names = (file: string) => word.test(text(file).replace(/docs\/[\w./#-]+/g, ''));
      expect(names(`payments/${provider}/index.ts`)).toBe(true);
      const naming = apiFiles.filter(
        (file) =>
          !isTestCode(file) &&
          !file.startsWith(`payments/${provider}/`) &&
          !PAYMENT_PROVIDER_NAMED_IN.includes(file) &&
          names(file),
      );
      expect(naming).toEqual([]);
    },
  );

  test(`no source file over ${MAX_FILE_LINES} lines, and the older long ones do not grow`, () => {
    const lines = (file: string) => text(file).split('\n').length - (text(file).endsWith('\n') ? 1 : 0);
    const tooLong = apiFiles
      .filter((file) => !/\.test\.tsx?$/.test(file))
      .map((file) => ({ file, lines: lines(file) }))
      .filter(({ file, lines: n }) => n > (LONG_FILES_CEILING[file] ?? MAX_FILE_LINES))
      .map(({ file, lines: n }) => `${file}: ${n} lines`);
    expect(tooLong).toEqual([]);
  });
});

/** Every TypeScript file of the repository outside node_modules and build output. */
function repositoryFiles(): string[] {
  const roots = ['apps', 'packages', 'scripts', 'e2e', 'bench'].filter((root) =>
    existsSync(path.join(REPO, root)),
  );
  return roots.flatMap((root) =>
    sourceFiles(path.join(REPO, root))
      .filter((file) => !file.split('/').some((part) => part === 'build' || part === '.react-router'))
      .map((file) => `${root}/${file}`),
  );
}

/** modules/<name> owns the tables of packages/db/src/schema-<name>.ts. */
const owned = await Promise.all(
  moduleNames
    .filter((name) => existsSync(path.join(REPO, `packages/db/src/schema-${name}.ts`)))
    .map(async (name) => {
      const exports = (await import(`@parvoz/db/schema-${name}`)) as Record<string, unknown>;
      const tables = Object.entries(exports).filter(([, value]) => isTable(value));
      const described = tables.map(([exportName, table]) => ({
        exportName,
        sqlName: getTableName(table as Parameters<typeof getTableName>[0]),
      }));
      return { name, tables: described, sqlNames: described.map(({ sqlName }) => sqlName) };
    }),
);

/**
 * Who may touch the tables of modules/<name>: its store (store.ts, or a store/ folder once one file would pass the
 * length limit), its own tests and testing/ helpers (the fixtures other modules' tests set up through), and the
 * database package's own tests, which
 * check its drivers and migrations on whichever tables suit them: they sit below every module (packages/db cannot
 * import the API) and test the schema, not a domain. The schema files declare and refer to the tables.
 */
function mayTouchTablesOf(name: string, file: string): boolean {
  const own = `apps/api/src/modules/${name}/`;
  return (
    file === `${own}store.ts` ||
    file.startsWith(`${own}store/`) ||
    file.startsWith(`${own}testing/`) ||
    (file.startsWith(own) && /\.test\.tsx?$/.test(file)) ||
    (file.startsWith('packages/db/src/') && /\.(?:test|suite)\.tsx?$/.test(file)) ||
    /^packages\/db\/src\/schema(?:-[\w-]+)?\.ts$/.test(file)
  );
}

describe('a module owns its tables', () => {
  const files = repositoryFiles();

  test('the check sees the price alerts’ tables', () => {
    expect(owned.find((o) => o.name === 'price-alerts')?.sqlNames.sort()).toEqual([
      'price_alert_prices',
      'price_alert_tokens',
      'price_alerts',
    ]);
  });

  test('the check sees the accounts’ tables', () => {
    expect(owned.find((o) => o.name === 'accounts')?.sqlNames.sort()).toEqual([
      'auth_codes',
      'saved_travellers',
      'sessions',
      'users',
    ]);
  });

  test('the check sees the tours’ tables', () => {
    expect(owned.find((o) => o.name === 'tours')?.sqlNames.sort()).toEqual([
      'tour_images',
      'tour_requests',
      'tours',
    ]);
  });

  test('the check sees the search’s table', () => {
    expect(owned.find((o) => o.name === 'search')?.sqlNames).toEqual(['search_counts']);
  });

  test('the check sees the console’s tables', () => {
    expect(owned.find((o) => o.name === 'ops')?.sqlNames.sort()).toEqual([
      'agency_applications',
      'audit_log',
      'staff_roles',
    ]);
  });

  test('the check sees the mail’s table', () => {
    expect(owned.find((o) => o.name === 'mail')?.sqlNames).toEqual(['outbox']);
  });

  test('the check sees the supplier orders’ tables', () => {
    expect(owned.find((o) => o.name === 'supplier-orders')?.sqlNames.sort()).toEqual([
      'supplier_pauses',
      'supplier_total_differences',
    ]);
  });

  test('the check sees the pricing’s tables', () => {
    expect(owned.find((o) => o.name === 'pricing')?.sqlNames.sort()).toEqual([
      'price_rules',
      'price_samples',
    ]);
  });

  test('the check sees the books’ tables', () => {
    expect(owned.find((o) => o.name === 'books')?.sqlNames.sort()).toEqual(['order_books', 'refund_books']);
  });

  /** The tables (by export name) that a file outside their owner touches. */
  const touchedBy = (file: string) => {
    const body = readFileSync(path.join(REPO, file), 'utf8');
    return owned.flatMap(({ name, tables }) =>
      tables
        .filter(({ exportName, sqlName }) => {
          if (mayTouchTablesOf(name, file)) return false;
          const viaSchema = new RegExp(`schema\\.${exportName}\\b`);
          const imported = new RegExp(`import[^;]*\\{[^}]*\\b${exportName}\\b[^}]*\\}[^;]*from '@parvoz/db`);
          // `const { table } = schema;` names the table as surely as `schema.table` does.
          const destructured = new RegExp(`\\{[^}]*\\b${exportName}\\b[^}]*\\}\\s*=\\s*schema\\b`);
          const bySql = new RegExp(`\\b(?:FROM|JOIN|UPDATE|INTO|TABLE)\\s+"?${sqlName}\\b`, 'i');
          return viaSchema.test(body) || destructured.test(body) || imported.test(body) || bySql.test(body);
        })
        .map(({ exportName }) => exportName),
    );
  };
  const touching = new Map<string, string[]>();
  for (const file of files) {
    for (const table of touchedBy(file)) touching.set(table, [...(touching.get(table) ?? []), file]);
  }
  const tableNames = owned.flatMap(({ tables }) => tables.map(({ exportName }) => exportName));

  test('the check sees the orders’, the after-sale’s and the payments’ tables', () => {
    const sqlNamesOf = (name: string) => owned.find((o) => o.name === name)?.sqlNames.sort();
    expect(sqlNamesOf('orders')).toEqual([
      'order_access_tokens',
      'order_email_changes',
      'order_holds',
      'order_passengers',
      'order_seats',
      'orders',
      'seat_inventory',
    ]);
    expect(sqlNamesOf('after-sale')).toEqual(['airline_changes', 'order_cancellations']);
    expect(sqlNamesOf('payments')).toEqual([
      'payment_reconciliations',
      'payments',
      'provider_transactions',
      'refunds',
      'webhook_events',
    ]);
  });

  test('every table has an owner: the check reads each module’s schema file', () => {
    expect(tableNames).toContain('orders');
    expect(tableNames).toContain('payments');
  });

  test.each(owned)('only modules/$name/store and its tests and testing/ touch its tables', ({ tables }) => {
    const outside = tables.flatMap(({ exportName }) =>
      (touching.get(exportName) ?? []).map((file) => `${file} touches ${exportName}`),
    );
    expect(outside).toEqual([]);
  });
});
