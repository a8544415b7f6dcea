/**
 * Serves the built web app. Hashed assets are cached for a year; every other GET that is not an API
 * call answers index.html (browser-history routing) with the visitor's anti-forgery token in
 * <meta name="csrf-token"> and the translations dictionary in the root element (SPEC.md section 3).
 * For a signed-in visitor the root element also carries what GET /api/users/current would answer, so
 * the app opens the screen at once instead of first asking who is signed in. A signed-out visitor's
 * /login gets login.html instead, the same page with the sign-in screen already rendered in it (built
 * by apps/web/scripts/prerender.mjs), which the app hydrates. A signed-in visitor's page also names the
 * main layout's files (`signedInPreloadTags`), which the browser then fetches with the app's first files.
 * A signed-in visitor's screen that the web build can render on the server (the tickets list) arrives
 * rendered in app.html instead (./server-render.ts), when the server knows the visitor's layout.
 *
 * The page is in the visitor's language (issue 28): a signed-in user's choice, else, on the page of a link sent by
 * email, the language of the person it was sent to (./link-language.ts), else the browser's (Accept-Language): its
 * dictionary in the root element and its locale in `<html lang>`. The pages rendered ahead (login.html, and the
 * server's render of a screen) are English: another language's visitor gets index.html, rendered by the app.
 *
 * The installed app's files (ADR 0044) are served as they are, but never kept by a cache for long: the service
 * worker's script (a browser looks for a new version on each visit, and the worker keeps the other files), the
 * web app manifest and the offline page (shell.html: index.html with its placeholders, which holds nothing of
 * any user, the worker's answer to a navigation that got no answer).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import {
  APP_PAGE_PLACEHOLDERS,
  CSRF_META_NAME,
  DEFAULT_LANGUAGE,
  dictionaries,
  jsonAttributeValue,
  LANGUAGES,
  type Language,
  LOCALES,
  pageLanguage,
} from '@mend/shared';
import escapeHtml from 'escape-html';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../lib/errors';
import { ASSETS_PREFIX, ensureSession } from '../../lib/session';
import { currentUserResponse } from '../users/current';
import { linkReaderLanguage } from './link-language';
import { createServerRenderer } from './server-render';

const CSRF_PLACEHOLDER = '__MEND_CSRF__';
const TRANSLATIONS_PLACEHOLDER = '__MEND_TRANSLATIONS__';
const CURRENT_USER_PLACEHOLDER = '__MEND_CURRENT_USER__';

/** The placeholders that stand for JSON attribute values (filled with jsonAttributeValue). */
const JSON_ATTRIBUTE_PLACEHOLDERS = [
  TRANSLATIONS_PLACEHOLDER,
  CURRENT_USER_PLACEHOLDER,
  APP_PAGE_PLACEHOLDERS.queries,
  APP_PAGE_PLACEHOLDERS.render,
];

/** The template's JSON attributes single-quoted (jsonAttributeValue), whichever quotes it was written with. */
function singleQuoteJsonAttributes(html: string): string {
  return JSON_ATTRIBUTE_PLACEHOLDERS.reduce(
    (page, placeholder) => page.replaceAll(`"${placeholder}"`, `'${placeholder}'`),
    html,
  );
}

/** The templates' language attribute, as the build writes it (apps/web/index.html). */
const HTML_LANG = '<html lang="en"';
const htmlLang = (language: Language) => `<html lang="${LOCALES[language]}"`;

/**
 * Every placeholder of the page templates, their language, and the end of the head (where stylesheets and preloads
 * go).
 */
const PAGE_PLACEHOLDERS = new RegExp(
  [CSRF_PLACEHOLDER, ...JSON_ATTRIBUTE_PLACEHOLDERS, APP_PAGE_PLACEHOLDERS.markup, HTML_LANG, '</head>'].join(
    '|',
  ),
  'g',
);

const NOT_BUILT_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mend</title>
<meta name="${CSRF_META_NAME}" content="${CSRF_PLACEHOLDER}"></head><body><div id="root" data-translations='${TRANSLATIONS_PLACEHOLDER}' data-current-user='${CURRENT_USER_PLACEHOLDER}'>
<p>The web app has not been built yet. Run <code>npm run build</code> (or <code>npm start</code>) and reload.</p></div></body></html>`;

/**
 * Whether the prerendered login page fits this URL: /login with nothing in the query that changes what
 * the screen shows (a `redirect` only changes where signing in leads; `verified` adds a message and
 * `landlord` picks the logo shown, which the prerendered page does not have).
 */
export function isPrerenderedLoginUrl(url: string): boolean {
  const queryStart = url.indexOf('?');
  if ((queryStart < 0 ? url : url.slice(0, queryStart)) !== '/login') return false;
  const query = new URLSearchParams(queryStart < 0 ? '' : url.slice(queryStart + 1));
  return [...query.keys()].every((key) => key === 'redirect');
}

/**
 * What the web build lists of the files beyond the first load, in signed-in-preloads.json (apps/web/
 * vite.config.ts `signedInPreloads`): the main layout's scripts and stylesheets, and the stylesheets of each
 * module loaded on demand, by its path in apps/web. Empty when the build has no such list.
 */
export interface BuildFileLists {
  scripts: string[];
  styles: string[];
  screenStyles: Map<string, string[]>;
}

export function readBuildFileLists(webDist: string): BuildFileLists {
  const file = path.join(webDist, 'signed-in-preloads.json');
  if (!existsSync(file)) return { scripts: [], styles: [], screenStyles: new Map() };
  const {
    scripts = [],
    styles = [],
    screens = {},
  } = JSON.parse(readFileSync(file, 'utf8')) as {
    scripts?: string[];
    styles?: string[];
    screens?: Record<string, { styles?: string[] }>;
  };
  const screenStyles = new Map(Object.entries(screens).map(([source, own]) => [source, own.styles ?? []]));
  return { scripts, styles, screenStyles };
}

/** A build file's address, as an attribute value. */
const fileHref = (fileName: string) => escapeHtml(`/${fileName}`);

/**
 * `<link>` elements for the main layout's files: every signed-in screen renders in that layout, and without
 * them the browser asks for its files only once the app's entry has downloaded and run.
 */
export function signedInPreloadTags({ scripts, styles }: Pick<BuildFileLists, 'scripts' | 'styles'>): string {
  // `crossorigin` as on the build's own modulepreloads and on the stylesheet links the layout's code adds: a
  // preload in another credentials mode is not used (the file is fetched again). A style preload does not
  // block rendering. Low priority: the first paint waits for the page's stylesheet and the entry's files,
  // which these would otherwise share the bandwidth with.
  return [
    ...scripts.map(
      (fileName) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${fileHref(fileName)}">`,
    ),
    ...styles.map(
      (fileName) =>
        `<link rel="preload" as="style" crossorigin fetchpriority="low" href="${fileHref(fileName)}">`,
    ),
  ].join('');
}

/** Render-blocking `<link rel="stylesheet">` elements for build files (`crossorigin` as the app's own links). */
export function stylesheetTags(files: readonly string[]): string {
  return files.map((fileName) => `<link rel="stylesheet" crossorigin href="${fileHref(fileName)}">`).join('');
}

/** The build's files at the root that a browser must ask for again each time (apps/web/src/lib/offline/shell.ts). */
const UNCACHED_FILES = new Set(['sw.js', 'manifest.webmanifest', 'shell.html']);

/** The cache-control of a built file: a year for hashed assets, none for the installed app's own, else an hour. */
export function builtFileCacheControl(webDist: string, filePath: string): string {
  const relative = path.relative(webDist, filePath).split(path.sep).join('/');
  if (relative.startsWith('assets/')) return 'public, max-age=31536000, immutable';
  if (UNCACHED_FILES.has(relative)) return 'no-cache';
  return 'public, max-age=3600';
}

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

export async function registerWebApp(
  app: FastifyInstance,
  now: () => Date = () => new Date(),
): Promise<void> {
  const indexFile = path.join(app.config.webDist, 'index.html');
  const built = existsSync(indexFile);
  const template = singleQuoteJsonAttributes(built ? readFileSync(indexFile, 'utf8') : NOT_BUILT_PAGE);
  const loginFile = path.join(app.config.webDist, 'login.html');
  const loginTemplate =
    built && existsSync(loginFile) ? singleQuoteJsonAttributes(readFileSync(loginFile, 'utf8')) : null;
  const appFile = path.join(app.config.webDist, 'app.html');
  const appTemplate =
    built && existsSync(appFile) ? singleQuoteJsonAttributes(readFileSync(appFile, 'utf8')) : null;
  const translations = Object.fromEntries(
    LANGUAGES.map((language) => [language, jsonAttributeValue(dictionaries[language])]),
  ) as Record<Language, string>;
  const buildFiles = readBuildFileLists(app.config.webDist);
  const preloadTags = built ? signedInPreloadTags(buildFiles) : '';
  const serverRenderer = appTemplate
    ? createServerRenderer(app, app.config.webDist, buildFiles.screenStyles, now)
    : null;

  if (built) {
    await app.register(fastifyStatic, {
      root: app.config.webDist,
      index: false,
      // The build writes .br and .gz beside each asset (apps/web/vite.config.ts): sent when accepted.
      preCompressed: true,
      // The pages are only ever served rendered (with the token), never as raw templates; the server-side
      // render's code (dist/server/) is the server's own.
      allowedPath: (pathName) =>
        !['/index.html', '/login.html', '/app.html'].includes(pathName) && !pathName.startsWith('/server/'),
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', builtFileCacheControl(app.config.webDist, filePath));
      },
    });
  }

  const renderPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const session = await ensureSession(request, reply);
    const chosen =
      request.user?.language ?? (await linkReaderLanguage(app.db, app.messaging.secret, request.url, now()));
    const language = pageLanguage(chosen, request.headers['accept-language']);
    const english = language === DEFAULT_LANGUAGE;
    const current = request.user ? await currentUserResponse(app.db, request.user) : null;
    const rendered =
      current && serverRenderer && english ? await serverRenderer.render(request, current) : null;
    const page = rendered
      ? (appTemplate as string)
      : english && loginTemplate && !request.user && isPrerenderedLoginUrl(request.url)
        ? loginTemplate
        : template;
    const values: Record<string, string> = {
      [CSRF_PLACEHOLDER]: escapeHtml(session.csrfToken),
      [TRANSLATIONS_PLACEHOLDER]: translations[language],
      [HTML_LANG]: htmlLang(language),
      [CURRENT_USER_PLACEHOLDER]: current ? jsonAttributeValue(current) : '',
      [APP_PAGE_PLACEHOLDERS.markup]: rendered?.markup ?? '',
      [APP_PAGE_PLACEHOLDERS.queries]: rendered ? jsonAttributeValue(rendered.queries) : '',
      [APP_PAGE_PLACEHOLDERS.render]: rendered ? jsonAttributeValue(rendered.render) : '',
      // A rendered screen's stylesheets block its first paint (the markup is styled as it shows); other
      // signed-in pages only name the layout's files ahead.
      '</head>': `${rendered ? stylesheetTags(rendered.styles) : current ? preloadTags : ''}</head>`,
    };
    // One pass over the template, so that what a user wrote (in the markup or the data) is never read as
    // a placeholder; a replacer function, so that "$&" or "$'" in it are not read as patterns either.
    const html = page.replace(PAGE_PLACEHOLDERS, (placeholder) => values[placeholder] ?? placeholder);
    reply.code(200).header('cache-control', 'no-store').header('vary', 'accept-encoding, accept-language');
    reply.type('text/html; charset=utf-8');
    // The page carries the whole dictionary: gzip it for browsers that accept it.
    if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
      return reply.header('content-encoding', 'gzip').send(gzipSync(html));
    }
    return reply.send(html);
  };

  // @fastify/static (index: false) would refuse the bare root with a 403; it is an app route like any other.
  app.get('/', renderPage);

  app.get('/refresh-csrf', async (request, reply) => {
    const session = await ensureSession(request, reply);
    reply.header('cache-control', 'no-store');
    return { token: session.csrfToken };
  });

  app.setNotFoundHandler(async (request, reply) => {
    // Every app route gets the page whatever characters it holds (an unsubscribe token and a username may
    // hold dots): only a missing built asset is a file 404. Never the page under /assets/: no session was
    // read there, so rendering it would start a new one.
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiPath(request.url) &&
      !request.url.startsWith(ASSETS_PREFIX);
    if (wantsPage) return renderPage(request, reply);
    throw notFound();
  });
}
