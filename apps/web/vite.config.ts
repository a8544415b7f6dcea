import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes .br and .gz beside every text asset of the build, once, at build time; the server sends them
 * to browsers that accept them (@fastify/static preCompressed). index.html is left alone: the server
 * renders it per request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'mend-precompress',
    apply: 'build',
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

/** The Fastify server (apps/server) answers these paths in development. */
const SERVER = 'http://127.0.0.1:3000';
const proxied = ['/api', '/refresh-csrf', '/healthz', '/uploads'];

export default defineConfig({
  plugins: [react(), precompress()],
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
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
        },
      },
    },
  },
});
