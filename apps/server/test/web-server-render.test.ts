/**
 * A signed-in screen rendered on the server (src/modules/web/server-render.ts): when it is, what the page
 * then carries, and that any failure of the render sends the page as before. The web build's render
 * module is replaced by a small one written here, which reads the API as the visitor as the real one does.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { APP_PAGE_PLACEHOLDERS, LAYOUT_COLLAPSE_PX, VIEWPORT_COOKIE } from '@mend/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema';
import { stylesheetTags } from '../src/modules/web/routes';
import { pageLayoutFor } from '../src/modules/web/server-render';
import { createTestApp, type TestApp } from './helpers/app';
import { createLandlord, createUser, TEST_PASSWORD } from './helpers/factories';

const PHONE_AGENT =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';
const DESKTOP_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

/** Stands in for apps/web/src/prerender.tsx: what it renders depends on the path. */
const RENDER_MODULE = `
export async function renderSignedInPage({ url, current, render, fetch }) {
  const { pathname } = new URL(url, 'http://localhost');
  if (pathname === '/throws') throw new Error('render failed');
  if (pathname === '/slow') return new Promise(() => {});
  if (pathname === '/nothing') return null;
  if (pathname === '/writes') await fetch('/api/logout', { method: 'POST' });
  const answer = await fetch('/api/users/current');
  const asked = await answer.json();
  return {
    markup: '<main>' + asked.user.email + ' ' + current.user.first_name.replaceAll('<', '&lt;') + ' ' +
      JSON.stringify(render) + '</main>',
    queries: { queries: [{ queryKey: ['users', 'current'], state: { data: asked } }] },
    sources: pathname === '/unlisted' ? ['src/features/other/OtherPage.tsx'] : ['src/app/layouts/MainLayout.tsx', 'src/features/tickets/TicketsPage.tsx'],
  };
}
`;

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'mend-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, 'server'));
  const head =
    '<head><meta name="csrf-token" content="__MEND_CSRF__" /><link rel="stylesheet" href="/assets/index.css"></head>';
  writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><html>${head}<body><div id="root" data-translations="__MEND_TRANSLATIONS__" data-current-user="__MEND_CURRENT_USER__"></div></body></html>`,
  );
  // What apps/web/scripts/prerender.mjs writes for a screen rendered per request.
  writeFileSync(
    path.join(dist, 'app.html'),
    `<!doctype html><html>${head}<body><div id="root" data-prerendered data-translations='__MEND_TRANSLATIONS__' data-current-user='__MEND_CURRENT_USER__' data-queries='${APP_PAGE_PLACEHOLDERS.queries}' data-page-render='${APP_PAGE_PLACEHOLDERS.render}'>${APP_PAGE_PLACEHOLDERS.markup}</div></body></html>`,
  );
  writeFileSync(path.join(dist, 'server', 'prerender.js'), RENDER_MODULE);
  writeFileSync(
    path.join(dist, 'signed-in-preloads.json'),
    JSON.stringify({
      scripts: ['assets/MainLayout-a1.js'],
      styles: ['assets/MainLayout-c3.css'],
      screens: {
        'src/app/layouts/MainLayout.tsx': { styles: ['assets/MainLayout-c3.css'] },
        'src/features/tickets/TicketsPage.tsx': {
          styles: ['assets/TicketsPage-d4.css', 'assets/MainLayout-c3.css'],
        },
      },
    }),
  );
  t = await createTestApp({ env: { MEND_WEB_DIST: dist }, now: () => new Date(Date.now() + CLOCK_AHEAD_MS) });
});

/** The app's clock runs ahead of the real one (a moved clock): the page is rendered as of the app's time. */
const CLOCK_AHEAD_MS = 2 * 60 * 60 * 1000;
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

function attribute(html: string, name: string): string {
  const match = new RegExp(`${name}='([^']*)'`).exec(html);
  if (!match) throw new Error(`no ${name}`);
  return match[1]
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

let users = 0;
/** A signed-in manager's client; the first name is what the page must keep as text. */
async function signedIn(firstName = 'Ann') {
  users += 1;
  const landlord = await createLandlord(t.db, `Render Landlord ${users}`);
  const user = await createUser(t.db, {
    role: 1,
    email: `render.${users}@example.test`,
    username: `render${users}`,
    landlordId: landlord.id,
  });
  await t.db.update(schema.users).set({ firstName }).where(eq(schema.users.id, user.id));
  const client = await t.client();
  expect((await client.login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  return { client, user };
}

const rendered = (body: string) => body.includes('<main>');

describe('a signed-in screen rendered on the server', () => {
  it("is sent to a phone: the screen's markup from the API read as the visitor, its data, its stylesheets", async () => {
    const { client, user } = await signedIn();
    const page = await client.get('/tickets', { 'user-agent': PHONE_AGENT });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<main>${user.email} Ann `);
    expect(page.body).toContain('data-prerendered');
    const render = JSON.parse(attribute(page.body, 'data-page-render'));
    expect(render).toMatchObject({ collapsed: true, phone: true });
    expect(Math.abs(render.renderedAt - (Date.now() + CLOCK_AHEAD_MS))).toBeLessThan(60_000);
    const queries = JSON.parse(attribute(page.body, 'data-queries'));
    expect(queries.queries[0].state.data.user.email).toBe(user.email);
    // The layout's and the screen's stylesheets, once each, after the page's own; no preloads of them.
    const headEnd = page.body.split('</head>')[0];
    expect(headEnd).toContain(
      '<link rel="stylesheet" href="/assets/index.css">' +
        stylesheetTags(['assets/MainLayout-c3.css', 'assets/TicketsPage-d4.css']),
    );
    expect(headEnd).not.toContain('modulepreload');
    expect(page.body).not.toContain('__MEND_');
  });

  it('is laid out for the width the app reported', async () => {
    const { client } = await signedIn();
    const wide = await client.get('/tickets', {
      'user-agent': DESKTOP_AGENT,
      cookie: `${client.cookieHeader}; ${VIEWPORT_COOKIE}=${LAYOUT_COLLAPSE_PX + 40}`,
    });
    expect(JSON.parse(attribute(wide.body, 'data-page-render'))).toMatchObject({
      collapsed: false,
      phone: false,
    });
  });

  it('is not sent when the layout is unknown, nor to a visitor who is not signed in', async () => {
    const { client } = await signedIn();
    const desktop = await client.get('/tickets', { 'user-agent': DESKTOP_AGENT });
    expect(rendered(desktop.body)).toBe(false);
    expect(desktop.body).toContain('rel="modulepreload"');
    const visitor = await t.app.inject({
      method: 'GET',
      url: '/tickets',
      headers: { 'user-agent': PHONE_AGENT },
    });
    expect(rendered(visitor.body)).toBe(false);
    expect(visitor.body).not.toContain('data-prerendered');
  });

  it('is not sent while switched off for a measurement (MEND_SERVER_RENDER=off)', async () => {
    const { client } = await signedIn();
    process.env.MEND_SERVER_RENDER = 'off';
    try {
      const page = await client.get('/tickets', { 'user-agent': PHONE_AGENT });
      expect(rendered(page.body)).toBe(false);
      expect(page.body).toContain('rel="modulepreload"');
    } finally {
      delete process.env.MEND_SERVER_RENDER;
    }
    expect(rendered((await client.get('/tickets', { 'user-agent': PHONE_AGENT })).body)).toBe(true);
  });

  it('keeps what a user wrote as text: never read as a placeholder or a pattern', async () => {
    const { client } = await signedIn(`${APP_PAGE_PLACEHOLDERS.markup} __MEND_CSRF__ $& <b>`);
    const page = await client.get('/tickets', { 'user-agent': PHONE_AGENT });
    expect(page.body).toContain(`${APP_PAGE_PLACEHOLDERS.markup} __MEND_CSRF__ $& &lt;b>`);
    expect(page.body).not.toContain('<b>');
    expect(page.body.match(/name="csrf-token" content="([^"]*)"/)?.[1]).toBe(client.csrfToken);
  });

  it('falls back to the page rendered in the browser when the render fails, is slow, writes or is incomplete', async () => {
    const { client } = await signedIn();
    for (const url of ['/throws', '/slow', '/nothing', '/writes', '/unlisted']) {
      const page = await client.get(url, { 'user-agent': PHONE_AGENT });
      expect(page.statusCode, url).toBe(200);
      expect(rendered(page.body), url).toBe(false);
      expect(page.body, url).not.toContain('data-prerendered');
      expect(page.body, url).not.toContain('__MEND_');
      expect(page.body, url).toContain('data-current-user');
    }
    // The render's write was refused: the visitor is still signed in.
    expect((await client.get('/api/users/current')).statusCode).toBe(200);
  });

  it("never serves the render's template or code", async () => {
    for (const url of ['/app.html', '/server/prerender.js']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.body, url).not.toContain('renderSignedInPage');
      expect(response.body, url).not.toContain(APP_PAGE_PLACEHOLDERS.markup);
    }
  });
});

describe('the layout a page is rendered for', () => {
  const layout = (cookie: string | undefined, agent = DESKTOP_AGENT) =>
    pageLayoutFor({
      cookies: cookie === undefined ? {} : { [VIEWPORT_COOKIE]: cookie },
      headers: { 'user-agent': agent },
    });

  it('follows the reported width, else a phone user agent, else is unknown', () => {
    expect(layout('1920')).toEqual({ collapsed: false, phone: false });
    expect(layout(String(LAYOUT_COLLAPSE_PX))).toEqual({ collapsed: true, phone: false });
    expect(layout('767')).toEqual({ collapsed: true, phone: true });
    expect(layout('1920', PHONE_AGENT)).toEqual({ collapsed: false, phone: false });
    expect(layout(undefined, PHONE_AGENT)).toEqual({ collapsed: true, phone: true });
    expect(layout(undefined)).toBeNull();
    for (const bad of ['', '0', '-5', '12.5', '1e3', 'wide', '9999999', '<script>'])
      expect(layout(bad), bad).toBeNull();
  });
});
