/**
 * Keeps packages/core readable: no source file over 400 lines, and no function of the search engine
 * (search.ts and its search-*.ts modules) over 80 lines. Split a module or a function rather than
 * raising a limit.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';

const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 80;

const dir = import.meta.dirname;
const sources = readdirSync(dir, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .sort();
const text = (file: string): string => readFileSync(path.join(dir, file), 'utf8');
const lineCount = (s: string): number => s.split('\n').length - (s.endsWith('\n') ? 1 : 0);

/** The search engine's modules (search-types.ts and search-segment.ts are the wire types and URL codec). */
const isEngine = (f: string): boolean =>
  f === 'search.ts' || (f.startsWith('search-') && f !== 'search-types.ts' && f !== 'search-segment.ts');

interface FunctionSpan {
  name: string;
  line: number;
  lines: number;
}

/** Every function with a body (declarations, methods, accessors, constructors, arrows), nested ones too. */
function functionSpans(fileName: string, source: string): FunctionSpan[] {
  const sf = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const spans: FunctionSpan[] = [];
  const lineOf = (pos: number): number => sf.getLineAndCharacterOfPosition(pos).line + 1;
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const named = node as ts.Node & { name?: ts.Node };
      const owner = ts.isVariableDeclaration(node.parent) ? node.parent.name : named.name;
      const start = lineOf(node.getStart(sf));
      spans.push({
        name: owner ? owner.getText(sf) : '(anonymous)',
        line: start,
        lines: lineOf(node.getEnd()) - start + 1,
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return spans;
}

describe('module size in packages/core', () => {
  test('the check sees the sources and the engine modules', () => {
    expect(sources).toContain('search.ts');
    expect(sources.filter(isEngine).length).toBeGreaterThan(5);
  });

  test(`no source file over ${MAX_FILE_LINES} lines`, () => {
    const long = sources
      .map((f) => ({ file: f, lines: lineCount(text(f)) }))
      .filter((f) => f.lines > MAX_FILE_LINES);
    expect(long).toEqual([]);
  });

  test(`no function of the search engine over ${MAX_FUNCTION_LINES} lines`, () => {
    const long = sources
      .filter(isEngine)
      .flatMap((f) => functionSpans(f, text(f)).map((s) => ({ file: f, ...s })))
      .filter((s) => s.lines > MAX_FUNCTION_LINES);
    expect(long).toEqual([]);
  });

  test('the function measure counts a long function, an arrow and a method', () => {
    const body = Array.from({ length: 81 }, (_, i) => `  x += ${i};`).join('\n');
    const source = [
      `function long(): void {\n  let x = 0;\n${body}\n}`,
      'const short = (a: number): number => a + 1;',
      'class K {\n  m(): void {\n    return;\n  }\n}',
    ].join('\n');
    const spans = functionSpans('example.ts', source);
    expect(spans.map((s) => [s.name, s.line, s.lines])).toEqual([
      ['long', 1, 84],
      ['short', 85, 1],
      ['m', 87, 3],
    ]);
  });
});
