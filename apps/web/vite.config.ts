import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
// The dictionary's own file: the config is loaded by Node, which runs the package's entry (TypeScript) only bundled.
import { en } from '../../packages/shared/src/messages';
import { THEME_COLOR } from './src/lib/brand';
import { OFFLINE_SHELL_ATTRIBUTE, SHELL_FILE } from './src/lib/offline/shell';

/**
 * Writes .br and .gz beside every text asset of the build, once, at build time; the server sends them
 * to browsers that accept them (@fastify/static preCompressed). index.html is left alone: the server
 * renders it per request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'mend-precompress',
    // Not for the server-side build of the prerendered page (src/prerender.tsx): nothing there is served.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const file = path.join(dir, name);
          return statSync(file).isDirectory() ? walk(file) : [file];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|mjs|css|svg|json|txt|webmanifest)$/.test(file)) continue;
        const data = readFileSync(file);
        if (data.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

/**
 * Fails the build when the bundle uses a Mantine class (`m_` + hash, in a component's classes object)
 * or keyframes name that no emitted stylesheet defines: src/lib/mantine.css imports Mantine's styles
 * per component, and a component added to the app without its file would render unstyled. The error
 * names the stylesheets of @mantine/* that define what is missing.
 */
function mantineStylesCheck(): Plugin {
  const used = /\bm_[0-9a-f]{6,8}\b/g;
  const defined = /(?:\.|@keyframes\s+)(m_[0-9a-f]{6,8})\b/g;
  return {
    name: 'mend-mantine-styles-check',
    // The server-side build emits no stylesheets; the browser build it prerenders for is checked.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    generateBundle(_options, bundle) {
      const wanted = new Set<string>();
      const have = new Set<string>();
      for (const file of Object.values(bundle)) {
        if (file.type === 'chunk') for (const [name] of file.code.matchAll(used)) wanted.add(name);
        else if (file.fileName.endsWith('.css'))
          for (const [, name] of String(file.source).matchAll(defined)) have.add(name);
      }
      const missing = [...wanted].filter((name) => !have.has(name));
      if (missing.length === 0) return;
      const sources = new Set<string>();
      const mantineDir = path.resolve(import.meta.dirname, '../../node_modules/@mantine');
      for (const pkg of readdirSync(mantineDir)) {
        const stylesDir = path.join(mantineDir, pkg, 'styles');
        if (!existsSync(stylesDir)) continue;
        for (const name of readdirSync(stylesDir)) {
          if (name.includes('.layer.')) continue;
          const css = readFileSync(path.join(stylesDir, name), 'utf8');
          if (missing.some((cls) => css.includes(cls))) sources.add(`@mantine/${pkg}/styles/${name}`);
        }
      }
      this.error(
        `Mantine classes without styles: ${missing.join(', ')}. Import in src/lib/mantine.css: ${[...sources].join(', ') || '(not found)'}`,
      );
    },
  };
}

/** Where the server finds what `signedInPreloads` writes (apps/server/src/modules/web/routes.ts reads it). */
const SIGNED_IN_PRELOADS_FILE = 'signed-in-preloads.json';

/**
 * Writes the main layout's files beyond the first load (its chunk, the chunks it imports, their
 * stylesheets) to dist/signed-in-preloads.json. The server names them in the page of a signed-in
 * visitor, so the browser fetches them with the entry's files instead of after the entry has run:
 * every signed-in screen renders in that layout, and the `ui` chunk in it is the largest file of a
 * signed-in load (about 80 KB).
 */
function signedInPreloads(): Plugin {
  return {
    name: 'mend-signed-in-preloads',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (file): file is Rollup.OutputChunk => file.type === 'chunk',
      );
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const withImports = (start: Rollup.OutputChunk) => {
        const found = new Set<string>();
        const visit = (fileName: string) => {
          if (found.has(fileName)) return;
          found.add(fileName);
          for (const imported of byFile.get(fileName)?.imports ?? []) visit(imported);
        };
        visit(start.fileName);
        return found;
      };
      const entry = chunks.find((chunk) => chunk.isEntry);
      const layout = chunks.find((chunk) =>
        chunk.facadeModuleId?.replaceAll('\\', '/').endsWith('/src/app/layouts/MainLayout.tsx'),
      );
      if (!entry || !layout) return this.error('signed-in preloads: no entry or no MainLayout chunk');
      const firstLoad = withImports(entry);
      const stylesOf = (fileNames: string[]) =>
        fileNames.flatMap((fileName) => [
          ...((byFile.get(fileName) as { viteMetadata?: { importedCss: Set<string> } }).viteMetadata
            ?.importedCss ?? []),
        ]);
      const scripts = [...withImports(layout)].filter((fileName) => !firstLoad.has(fileName));
      const styles = stylesOf(scripts);
      // Per module loaded on demand (by its path in apps/web, e.g. src/features/tickets/TicketsPage.tsx):
      // the stylesheets it brings beyond the first load and the layout's. The server links them in a page
      // it renders that screen into (src/prerender.tsx), so that the markup is styled as it paints.
      const screens: Record<string, { styles: string[] }> = {};
      const webRoot = import.meta.dirname.replaceAll('\\', '/');
      for (const chunk of chunks) {
        const source = chunk.facadeModuleId?.replaceAll('\\', '/');
        if (!chunk.isDynamicEntry || !source?.startsWith(`${webRoot}/src/`)) continue;
        const own = [...withImports(chunk)].filter((fileName) => !firstLoad.has(fileName));
        screens[source.slice(webRoot.length + 1)] = { styles: stylesOf(own) };
      }
      this.emitFile({
        type: 'asset',
        fileName: SIGNED_IN_PRELOADS_FILE,
        source: JSON.stringify({ scripts, styles, screens }),
      });
    },
  };
}

/**
 * Writes the offline page (src/lib/offline/shell.ts) beside index.html: the same page, its placeholders left
 * as they are, its root marked. An asset of the bundle, so that the service worker's list of files has it.
 */
function offlineShell(): Plugin {
  return {
    name: 'mend-offline-shell',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') return this.error('offline shell: the build has no index.html');
      const page = String(index.source);
      const marked = page.replace('<div id="root"', `<div id="root" ${OFFLINE_SHELL_ATTRIBUTE}`);
      if (marked === page) return this.error('offline shell: index.html has no root element');
      this.emitFile({ type: 'asset', fileName: SHELL_FILE, source: marked });
    },
  };
}

/**
 * The installed app (issue 28, ADR 0044): the web app manifest (linked from index.html by the plugin) and the
 * service worker src/sw.ts, built with the list of the files it keeps: the browser build's scripts, stylesheets,
 * icons and the offline page. Not the server's page templates (index.html, login.html, app.html: the server fills
 * them in per visitor), nor the server-side build, nor the compressed copies.
 */
function installableApp(): Plugin[] {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src',
    // Built as sw.js (SERVICE_WORKER_FILE, what the server serves without caching) in the build's own folder: a
    // fixed `swDest` broke builds into another folder (bench:bundle's).
    filename: 'sw.ts',
    // main.tsx registers the worker itself, after the page has loaded (lib/offline/service-worker.ts).
    injectRegister: false,
    manifestFilename: 'manifest.webmanifest',
    includeAssets: [],
    manifest: {
      id: '/',
      name: en.app.name,
      short_name: en.app.name,
      description: en.offline.appDescription,
      lang: 'en',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: THEME_COLOR,
      background_color: '#ffffff',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    injectManifest: {
      rollupFormat: 'iife',
      // The manifest and its icons are added by the plugin.
      globPatterns: ['assets/**/*.{js,css,svg,png,woff2}', 'favicon.svg', SHELL_FILE],
      globIgnores: ['server/**'],
      // The largest script of the build is the dashboard's charts (about 400 KB); a warning, not a silent skip, past this.
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    },
  });
}

/** A module of an npm package that is not a stylesheet. */
const isLibraryScript = (id: string) => /node_modules[\\/]/.test(id) && !id.endsWith('.css');

/** The Fastify server (apps/server) answers these paths in development. */
const SERVER = 'http://127.0.0.1:3000';
const proxied = ['/api', '/refresh-csrf', '/healthz', '/uploads'];

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    mantineStylesCheck(),
    signedInPreloads(),
    offlineShell(),
    ...(isSsrBuild ? [] : installableApp()),
    precompress(),
  ],
  // The server-side build (src/prerender.tsx, loaded by the server to render signed-in screens) carries its
  // libraries in their production builds: left to the server's own NODE_ENV (development unless deployed
  // as production), React rendered the screens in its development build, about twice as slow.
  ...(isSsrBuild ? { ssr: { noExternal: true }, define: { 'process.env.NODE_ENV': '"production"' } } : {}),
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: SERVER, changeOrigin: false }])),
  },
  preview: { port: 4173 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      // @mend/shared is pure (constants, dictionary, helpers, zod schemas built at load time) but does
      // not say so in its package.json: without this every schema and the phone metadata would land
      // in the login page.
      treeshake: { moduleSideEffects: [{ test: /packages[\\/]shared[\\/]src[\\/]/, sideEffects: false }] },
      output: {
        // A stable React vendor chunk (cached across deploys; every page needs it). Mantine is left to
        // automatic splitting on purpose: grouping it would pull the signed-in components into the
        // login page. Everything behind sign-in is split per route with React.lazy (src/app/router.tsx).
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 3,
            },
            // The libraries the login page loads, as one file.
            // (JS only: their stylesheets stay in the page's one render-blocking CSS file, not a second.)
            { name: 'vendor', test: isLibraryScript, tags: ['$initial'], priority: 2 },
            // The UI libraries only signed-in screens use (menus, popovers, tables, icons...) as one
            // file, fetched with the main layout: split per component they were some forty requests
            // in a row on the way to the first list. Heavy screen-specific libraries (charts, date
            // pickers, phone data, zod) are not in it and stay with their screens.
            {
              name: 'ui',
              test: /node_modules[\\/](@mantine[\\/](core|hooks)|@tabler[\\/]icons-react|@tanstack|@floating-ui|dayjs)[\\/]/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
}));
