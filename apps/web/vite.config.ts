import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The Fastify server (apps/server) answers these paths in development. */
const SERVER = 'http://127.0.0.1:3000';
const proxied = ['/api', '/refresh-csrf', '/healthz', '/uploads'];

export default defineConfig({
  plugins: [react()],
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
