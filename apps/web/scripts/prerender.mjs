/**
 * Writes the pages the server sends already rendered, from the built page (dist/index.html) and
 * src/prerender.tsx (built for Node into dist/server/ by `vite build --ssr`, which the server also loads):
 *
 * - dist/login.html: the signed-out login screen already in its root element. The server sends it to
 *   signed-out visitors of /login (apps/server/src/modules/web/routes.ts), and the app hydrates it
 *   (src/main.tsx).
 * - dist/app.html: the same page with placeholders in its root element (APP_PAGE_PLACEHOLDERS) for a
 *   signed-in screen the server renders per request (`renderSignedInPage`) and the data it rendered from.
 *
 * Their scripts start after the first paint: a small deferred script (assets/start-<hash>.js) adds
 * them then. On a slow connection the stylesheet has the bandwidth to itself and the screen shows at once,
 * instead of after the app's JavaScript has downloaded.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.join(webDir, 'dist');
const ssrDir = path.join(distDir, 'server');

const { PRERENDERED_PAGE, PRERENDERED_ATTRIBUTE, APP_PAGE_PLACEHOLDERS, renderAppMarkup } = await import(
  pathToFileURL(path.join(ssrDir, 'prerender.js')).href
);

const escapeHtml = (text) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** Replaces what `pattern` matches, failing loudly if the page no longer has it. */
function replaceOnce(html, pattern, replacement, what) {
  if (!pattern.test(html)) throw new Error(`prerender: dist/index.html has no ${what}`);
  return html.replace(pattern, replacement);
}

let html = readFileSync(path.join(distDir, 'index.html'), 'utf8');

// The app's entry script and the chunks it imports, as Vite wrote them into the page.
const entryPattern = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const entry = html.match(entryPattern)?.[1];
if (!entry) throw new Error('prerender: dist/index.html has no module entry script');
const preloadPattern = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
const preloads = [...html.matchAll(preloadPattern)].map((match) => match[1]);
html = html.replace(entryPattern, '').replace(preloadPattern, '');

// Started after the first paint: requestAnimationFrame runs before the first frame (once the stylesheet
// has loaded), the timeouts right after it has been painted. One element per task: adding all of them in one
// task took 10 to 30 ms on a 2-core machine under load, which Lighthouse counts four times over.
const start = `// Written by apps/web/scripts/prerender.mjs: starts the app once the prerendered page has painted.
requestAnimationFrame(function () {
  var head = document.head;
  var steps = ${JSON.stringify(preloads)}.map(function (href) {
    return function () {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      head.appendChild(link);
    };
  });
  steps.push(function () {
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = ${JSON.stringify(entry)};
    head.appendChild(script);
  });
  (function next() {
    var step = steps.shift();
    if (step) setTimeout(function () {
      step();
      next();
    }, 0);
  })();
});
`;
const startName = `start-${createHash('sha256').update(start).digest('base64url').slice(0, 8)}.js`;
writeFileSync(path.join(distDir, 'assets', startName), start);

html = replaceOnce(
  html,
  /(\s*)<link rel="stylesheet"/,
  `$1<script defer src="/assets/${startName}"></script>$1<link rel="stylesheet"`,
  'stylesheet link',
);
const rootPattern = /<div id="root"([^>]*)>[\s\S]*<\/div>(\s*<\/body>)/;

const markup = await renderAppMarkup(PRERENDERED_PAGE.path);
const login = replaceOnce(
  replaceOnce(html, /<title>[^<]*<\/title>/, `<title>${escapeHtml(PRERENDERED_PAGE.title)}</title>`, 'title'),
  rootPattern,
  (_match, attributes, end) => `<div id="root" ${PRERENDERED_ATTRIBUTE}${attributes}>${markup}</div>${end}`,
  'root element',
);
writeFileSync(path.join(distDir, 'login.html'), login);
console.log(
  `prerendered ${PRERENDERED_PAGE.path} into dist/login.html (${login.length.toLocaleString('en-US')} bytes)`,
);

const { markup: markupPlaceholder, queries, render } = APP_PAGE_PLACEHOLDERS;
const app = replaceOnce(
  html,
  rootPattern,
  (_match, attributes, end) =>
    `<div id="root" ${PRERENDERED_ATTRIBUTE}${attributes} data-queries='${queries}' data-page-render='${render}'>${markupPlaceholder}</div>${end}`,
  'root element',
);
writeFileSync(path.join(distDir, 'app.html'), app);
console.log('wrote dist/app.html, the page of a signed-in screen rendered by the server');
