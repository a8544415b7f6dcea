/**
 * The import graph of the three packages (docs/architecture.md): web and server import only @mend/shared, shared
 * imports neither, and no module imports itself round a circle, type-only imports included (a circle of types still
 * ties two modules so that neither can change alone). Inside the web app imports run only downwards through its
 * layers (WEB_LAYERS).
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

/**
 * The layers of apps/web/src, lowest first: `lib/` is the ground every screen stands on (API client, session,
 * translations, theme), `components/` the shared pieces of screens, `features/` the screens, `app/` what composes
 * them (router, layouts, providers), and the entry files on top (the page's, the server render's, the service
 * worker's). A file imports from its own layer or lower ones only; a file in no layer (a new folder) is reported
 * too, to be placed in the order.
 */
const WEB_LAYERS = [
  ['lib/'],
  ['components/'],
  ['features/'],
  ['app/'],
  ['main.tsx', 'prerender.tsx', 'sw.ts'],
];

/** The layer of a path inside apps/web/src (0 lowest), or -1 for a path in none of them. */
const webLayerOf = (file: string) =>
  WEB_LAYERS.findIndex((layer) => layer.some((start) => file === start || file.startsWith(start)));

/** The imports of `edges` (paths inside apps/web/src, with `/`) that run up the layers, as `importer → imported`. */
function upwardImports(edges: readonly { from: string; to: string }[]): string[] {
  return edges.flatMap(({ from, to }) => {
    const own = webLayerOf(from);
    const into = webLayerOf(to);
    if (own === -1) return [`${from} (in no layer of WEB_LAYERS)`];
    return into > own || into === -1 ? [`${from} → ${to}`] : [];
  });
}

/** Every import between two files of apps/web/src, as paths inside it. */
function webEdges(): { from: string; to: string }[] {
  const webRoot = path.join(ROOT, PACKAGES.web);
  const inWeb = (file: string) => path.relative(webRoot, file).split(path.sep).join('/');
  return [...graph].flatMap(([file, imports]) =>
    packageOf(file) !== 'web'
      ? []
      : imports.flatMap(({ target }) =>
          target && packageOf(target) === 'web' ? [{ from: inWeb(file), to: inWeb(target) }] : [],
        ),
  );
}

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

  it('has the web import only from its own layer or lower ones: lib, components, features, app, entries', () => {
    const edges = webEdges();
    expect(edges).toContainEqual({ from: 'app/router.tsx', to: 'lib/auth.tsx' });
    expect(upwardImports(edges)).toEqual([]);
  });

  it('names the importer and the imported of an import up the web layers', () => {
    expect(
      upwardImports([
        { from: 'features/tickets/TicketsPage.tsx', to: 'lib/api.ts' },
        { from: 'features/contact/ContactForm.tsx', to: 'features/profile/ProfilePage.tsx' },
        { from: 'app/router.tsx', to: 'features/users/UsersPage.tsx' },
        { from: 'main.tsx', to: 'app/router.tsx' },
        { from: 'lib/auth.tsx', to: 'features/auth/LoginPage.tsx' },
        { from: 'components/NotAllowed.tsx', to: 'app/router.tsx' },
        { from: 'features/tickets/TicketsPage.tsx', to: 'main.tsx' },
        { from: 'lib/api.ts', to: 'utils/misc.ts' },
        { from: 'utils/misc.ts', to: 'lib/api.ts' },
      ]),
    ).toEqual([
      'lib/auth.tsx → features/auth/LoginPage.tsx',
      'components/NotAllowed.tsx → app/router.tsx',
      'features/tickets/TicketsPage.tsx → main.tsx',
      'lib/api.ts → utils/misc.ts',
      'utils/misc.ts (in no layer of WEB_LAYERS)',
    ]);
  });
});
