/**
 * npm run bench:bundle [-- --out-dir DIR] [--keep]
 *
 * Builds the web app (npm run build -w @mend/web, into a temporary folder so a running server's or the
 * browser tests' apps/web/dist is left alone) with Vite's manifest, then prints:
 * - per route chunk (every React.lazy screen), its own JS raw and gzipped, and what opening it adds on
 *   top of the first load (its chunk plus the shared chunks it imports that the login page did not load);
 * - the initial JS of the login page: everything index.html loads (its entry and modulepreloads) and
 *   their static imports, against the 250 KB gzipped target; also its CSS and the HTML the server renders
 *   (which carries the whole translations dictionary).
 * Sizes are gzip level 9 (what a compressing proxy or precompressed files would send); the app server
 * itself sends these files uncompressed (see docs/performance.md).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { en, jsonAttributeValue } from '@mend/shared';
import { REPO_ROOT, table, uptimeLine } from './lib';

const { values: args } = parseArgs({
  options: {
    'out-dir': { type: 'string' },
    keep: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (args.help) {
  console.log(`npm run bench:bundle [-- --out-dir DIR] [--keep]
  --out-dir DIR  build into DIR (default: a temporary folder, deleted afterwards)
  --keep         keep the build folder`);
  process.exit(0);
}

/** Initial JS of the login page, gzipped. */
const TARGET_GZIP_BYTES = 250 * 1024;

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function main() {
  const outDir = path.resolve(args['out-dir'] ?? mkdtempSync(path.join(tmpdir(), 'mend-web-build-')));
  console.log(`Building the web app into ${outDir}\n${uptimeLine()}`);
  const started = performance.now();
  // Vite alone, not the workspace's build script: that script ends with the login page's prerender, which
  // would take these options instead of Vite (the bundle then went to apps/web/dist, without a manifest).
  const build = spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--manifest'], {
    cwd: path.join(REPO_ROOT, 'apps', 'web'),
    encoding: 'utf8',
  });
  if (build.status !== 0) {
    console.error(build.stdout, build.stderr);
    throw new Error('The web build failed.');
  }
  const buildSeconds = (performance.now() - started) / 1000;

  const manifestFile = path.join(outDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`No manifest at ${manifestFile}`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;

  const sizes = new Map<string, { raw: number; gzip: number }>();
  const sizeOf = (file: string) => {
    let size = sizes.get(file);
    if (!size) {
      const bytes = readFileSync(path.join(outDir, file));
      size = { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
      sizes.set(file, size);
    }
    return size;
  };
  const total = (files: Iterable<string>) => {
    let raw = 0;
    let gzip = 0;
    for (const file of files) {
      const size = sizeOf(file);
      raw += size.raw;
      gzip += size.gzip;
    }
    return { raw, gzip };
  };
  /** A chunk's file and the files of everything it imports statically, transitively. */
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const child of manifest[key]?.imports ?? []) closure(child, seen);
    return seen;
  };
  const filesOf = (keys: Iterable<string>) => new Set([...keys].map((key) => manifest[key].file));

  // The first load: what index.html references (entry script, modulepreloads) and their static imports.
  const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const referenced = [...html.matchAll(/(?:src|href)="\/?([^"]+\.(?:js|css))"/g)].map((match) => match[1]);
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error('The manifest has no entry chunk.');
  const initialKeys = closure(entryKey);
  for (const file of referenced.filter((name) => name.endsWith('.js'))) {
    const key = Object.keys(manifest).find((k) => manifest[k].file === file);
    if (key) closure(key, initialKeys);
  }
  const initialJs = filesOf(initialKeys);
  const initialCss = new Set([
    ...referenced.filter((name) => name.endsWith('.css')),
    ...[...initialKeys].flatMap((key) => manifest[key].css ?? []),
  ]);

  // Route chunks: every dynamic entry (React.lazy screens).
  const routeRows = Object.entries(manifest)
    .filter(([, chunk]) => chunk.isDynamicEntry)
    .map(([key, chunk]) => {
      const own = sizeOf(chunk.file);
      const added = [...filesOf(closure(key))].filter((file) => !initialJs.has(file));
      const extra = total(added);
      return {
        name: chunk.name ?? path.basename(chunk.src ?? key),
        file: chunk.file,
        own,
        extra,
        files: added.length,
      };
    })
    .sort((a, b) => b.extra.gzip - a.extra.gzip);

  console.log(`\nBuilt in ${buildSeconds.toFixed(1)} s (Vite, production).`);
  console.log(
    '\nRoute chunks (React.lazy), biggest first; "adds" = the route chunk and the shared chunks it',
  );
  console.log('imports that the login page did not load (what opening that screen downloads first):\n');
  console.log(
    table([
      ['route chunk', 'raw', 'gzip', 'adds raw', 'adds gzip', 'files'],
      ...routeRows.map((row) => [
        row.name,
        kb(row.own.raw),
        kb(row.own.gzip),
        kb(row.extra.raw),
        kb(row.extra.gzip),
        String(row.files),
      ]),
    ]),
  );

  const js = total(initialJs);
  const css = total(initialCss);
  // The page as the server sends it, with the dictionary in (its size matters; the rest is a few bytes).
  const htmlBytes = Buffer.from(html.replace('__MEND_TRANSLATIONS__', jsonAttributeValue(en)));
  const htmlSize = { raw: htmlBytes.length, gzip: gzipSync(htmlBytes, { level: 9 }).length };
  console.log('\nLogin page, first load (index.html + what it loads + their static imports):\n');
  console.log(
    table([
      ['part', 'files', 'raw', 'gzip'],
      ...[...initialJs]
        .map((file) => ({ file, ...sizeOf(file) }))
        .sort((a, b) => b.gzip - a.gzip)
        .map((row) => [`  ${row.file}`, '1', kb(row.raw), kb(row.gzip)]),
      ['initial JS', String(initialJs.size), kb(js.raw), kb(js.gzip)],
      ['initial CSS', String(initialCss.size), kb(css.raw), kb(css.gzip)],
      ['HTML as served (with translations)', '1', kb(htmlSize.raw), kb(htmlSize.gzip)],
    ]),
  );
  const pass = js.gzip < TARGET_GZIP_BYTES;
  console.log(
    `\nInitial JS of the login page: ${kb(js.gzip)} gzipped (${kb(js.raw)} raw); target < ${kb(TARGET_GZIP_BYTES)} gzipped: ${pass ? 'PASS' : 'FAIL'}`,
  );
  const allJs = total(
    Object.values(manifest)
      .map((chunk) => chunk.file)
      .filter((file) => file.endsWith('.js')),
  );
  console.log(
    `All JS of the app: ${kb(allJs.gzip)} gzipped (${kb(allJs.raw)} raw) in ${new Set(Object.values(manifest).map((c) => c.file)).size} files.`,
  );
  console.log(
    'Lighthouse is not run here: lighthouse 13 needs Node >= 22.19; see docs/performance.md (lighthouse 12 supports Node 20).',
  );

  if (!args.keep && !args['out-dir']) rmSync(outDir, { recursive: true, force: true });
  else console.log(`Build kept in ${outDir}`);
  if (!pass) process.exitCode = 1;
}

main();
