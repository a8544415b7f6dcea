/**
 * The import graph of the three packages (docs/architecture.md): web and server import only @mend/shared, shared
 * imports neither, and no module imports itself round a circle, type-only imports included (a circle of types still
 * ties two modules so that neither can change alone).
 *
 * Read from the sources with a scan of their import and export statements: dependency-cruiser and madge parse
 * TypeScript through the compiler API, which TypeScript 7 no longer has, and esbuild's graph drops type imports.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const PACKAGES = {
  shared: 'packages/shared/src',
  server: 'apps/server/src',
  web: 'apps/web/src',
} as const;
type PackageName = keyof typeof PACKAGES;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const file = path.join(folder, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.(test|e2e)\.tsx?$/.test(name) ? [file] : [];
  });
}

/** Every module specifier a file names in an import or export statement, `import type` included. */
function specifiersOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(/^\s*(?:import|export)\b[^;'"]*?(?:\bfrom\s*)?['"]([^'"]+)['"]/gms)) {
    found.push(match[1]);
  }
  for (const match of text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push(match[1]);
  return found;
}

/** The file a relative specifier names, or null for a package or a file that is not TypeScript (CSS). */
function resolveRelative(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

const packageOf = (file: string): PackageName | null =>
  (Object.entries(PACKAGES).find(([, folder]) => file.startsWith(path.join(ROOT, folder) + path.sep))?.[0] as
    | PackageName
    | undefined) ?? null;

const files = Object.values(PACKAGES).flatMap((folder) => sourceFiles(path.join(ROOT, folder)));
const graph = new Map(
  files.map((file) => [
    file,
    specifiersOf(file).map((specifier) => ({ specifier, target: resolveRelative(file, specifier) })),
  ]),
);
const relative = (file: string) => path.relative(ROOT, file);

/** Each circle once, as the files round it (Tarjan's strongly connected components of more than one file). */
function circles(): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next);
    next++;
    stack.push(file);
    onStack.add(file);
    for (const { target } of graph.get(file) ?? []) {
      if (!target || !graph.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(relative(member));
      } while (member !== file);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return found;
}

describe('the import graph', () => {
  it('reads the sources it checks', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(
      graph
        .get(path.join(ROOT, 'apps/server/src/app.ts'))
        ?.some(({ target }) => target?.endsWith('session.ts')),
    ).toBe(true);
  });

  it('has web and server import only @mend/shared, and shared neither of them', () => {
    const crossing: string[] = [];
    for (const [file, imports] of graph) {
      const own = packageOf(file);
      for (const { specifier, target } of imports) {
        const into = target ? packageOf(target) : null;
        const named = /^@mend\/(server|web)\b/.test(specifier);
        const intoOther = into !== null && into !== own && into !== 'shared';
        const sharedOut = own === 'shared' && (named || (into !== null && into !== 'shared'));
        if (named || intoOther || sharedOut) crossing.push(`${relative(file)} → ${specifier}`);
      }
    }
    expect(crossing).toEqual([]);
  });

  it('has no import circles', () => {
    expect(circles()).toEqual([]);
  });
});
