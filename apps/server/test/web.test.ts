/** Serving the built web app: the token and the dictionary are in the page, assets are cached. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gunzipSync } from 'node:zlib';
import { en, jsonAttributeValue } from '@mend/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { isPrerenderedLoginUrl } from '../src/modules/web/routes';
import { createTestApp, type TestApp } from './helpers/app';
import { createLandlord, createUser, TEST_PASSWORD } from './helpers/factories';

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'mend-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><meta name="csrf-token" content="__MEND_CSRF__" /></head>' +
      '<body><div id="root" data-translations="__MEND_TRANSLATIONS__" data-current-user="__MEND_CURRENT_USER__">' +
      '</div><script src="/assets/app.js"></script></body></html>',
  );
  // What apps/web/scripts/prerender.mjs writes: the same page with the login screen in it.
  writeFileSync(
    path.join(dist, 'login.html'),
    '<!doctype html><html><head><meta name="csrf-token" content="__MEND_CSRF__" /></head>' +
      '<body><div id="root" data-prerendered data-translations="__MEND_TRANSLATIONS__" ' +
      'data-current-user="__MEND_CURRENT_USER__"><h1>Sign In</h1></div></body></html>',
  );
  writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log("mend")');
  // The installed app's files (apps/web/vite.config.ts, ADR 0044).
  writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(dist, 'manifest.webmanifest'), JSON.stringify({ name: 'Mend', start_url: '/' }));
  writeFileSync(
    path.join(dist, 'shell.html'),
    '<!doctype html><html><head><meta name="csrf-token" content="__MEND_CSRF__" /></head>' +
      '<body><div id="root" data-offline-shell data-translations="__MEND_TRANSLATIONS__" ' +
      'data-current-user="__MEND_CURRENT_USER__"></div></body></html>',
  );
  mkdirSync(path.join(dist, 'icons'));
  writeFileSync(path.join(dist, 'icons', 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  // What the build lists of the main layout's files (apps/web/vite.config.ts signedInPreloads).
  writeFileSync(
    path.join(dist, 'signed-in-preloads.json'),
    JSON.stringify({
      scripts: ['assets/MainLayout-a1.js', 'assets/ui-b2.js'],
      styles: ['assets/MainLayout-c3.css'],
    }),
  );
  // What the build writes beside each asset (apps/web/vite.config.ts).
  writeFileSync(path.join(dist, 'assets', 'app.js.br'), brotliCompressSync('console.log("mend")'));
  t = await createTestApp({ env: { MEND_WEB_DIST: dist } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

/** The JSON in a single-quoted attribute of the page root (routes.ts jsonAttributeValue). */
function jsonAttribute(html: string, name: string): unknown {
  const raw = attribute(html, new RegExp(`${name}='([^']*)'`));
  return raw === '' ? '' : JSON.parse(raw);
}

function attribute(html: string, pattern: RegExp): string {
  const match = pattern.exec(html);
  if (!match) throw new Error(`no match for ${pattern}`);
  return match[1]
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

describe('the page', () => {
  it('answers every app route with index.html carrying the session token and the dictionary', async () => {
    const client = await t.client();
    const response = await client.get('/tickets/5/edit');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-store');
    const token = attribute(response.body, /name="csrf-token" content="([^"]*)"/);
    expect(token).toBe(client.csrfToken);
    const dictionary = jsonAttribute(response.body, 'data-translations') as typeof en;
    expect(dictionary.auth.signIn).toBe(en.auth.signIn);
    expect(response.body).not.toContain('__MEND_');
  });

  it('answers app routes whose last part holds a dot (an unsubscribe token, a username) with the page', async () => {
    for (const url of [
      '/unsubscribe/12.mail.tickets.c2lnbmF0dXJl',
      '/user-activation/jane.doe',
      '/tickets/x.png',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toContain('text/html');
    }
  });

  it('answers the bare root with the page too', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });

  it('gives a first-time visitor a session and a token that works for the next call', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/login' });
    const token = attribute(page.body, /name="csrf-token" content="([^"]*)"/);
    const cookie = String(page.headers['set-cookie']).split(';')[0];
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { cookie, 'x-csrf-token': token },
      payload: { email: 'nobody@example.test', password: 'x' },
    });
    expect(login.statusCode).toBe(422);
  });

  it('never serves the raw template', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/index.html' });
    expect(response.body).not.toContain('__MEND_CSRF__');
  });

  it('serves hashed assets with long-lived caching', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('sends the precompressed asset to browsers that accept it, the plain one to others', async () => {
    const compressed = await t.app.inject({
      method: 'GET',
      url: '/assets/app.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toContain('accept-encoding');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("mend")');
  });

  it('gzips the page for browsers that accept it', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/login',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString()).toContain('data-translations=');
    const plain = await t.app.inject({ method: 'GET', url: '/login' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('data-translations=');
  });

  it('sends security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/login' });
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('the installed app (ADR 0044)', () => {
  it('serves the service worker as a script the browser asks for again on each visit', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(response.headers['cache-control']).toBe('no-cache');
    // The policy lets the page register it.
    expect(response.headers['content-security-policy']).toContain("worker-src 'self'");
  });

  it('serves the web app manifest with its own type, not kept for long', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/manifest+json');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json()).toMatchObject({ name: 'Mend' });
    const page = await t.app.inject({ method: 'GET', url: '/login' });
    expect(page.headers['content-security-policy']).toContain("manifest-src 'self'");
  });

  it('serves the offline page as built, with nobody in it and no session', async () => {
    const client = await t.client();
    const user = await createUser(t.db, { role: 1, email: 'shell.page@example.test', username: 'shellpage' });
    expect((await client.login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
    const response = await client.get('/shell.html');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['set-cookie']).toBeUndefined();
    // The placeholders stay: no token, no dictionary and no user of whoever asked.
    expect(response.body).toContain('data-offline-shell');
    expect(response.body).toContain('content="__MEND_CSRF__"');
    expect(response.body).toContain('data-current-user="__MEND_CURRENT_USER__"');
    expect(response.body).not.toContain(client.csrfToken);
  });

  it('serves the icons like the other files at the root', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/icons/icon-192.png' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe('JSON in a page attribute', () => {
  it('holds nothing that ends a single-quoted attribute or starts a character reference, and reads back the same', () => {
    const value = { name: `O'Brien & <b>"Sons"</b> '&amp;' \\u0027`, list: ["'", '&', '<', '>'], n: 1 };
    const written = jsonAttributeValue(value);
    expect(written).not.toMatch(/[&'<>]/);
    expect(JSON.parse(written)).toEqual(value);
  });
});

describe('the prerendered login page', () => {
  const isPrerendered = (body: string) => body.includes('data-prerendered');

  it('is what a signed-out visitor of /login gets, with the token and the dictionary filled in', async () => {
    const client = await t.client();
    const page = await client.get('/login?redirect=%2Ftickets%2F5');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(isPrerendered(page.body)).toBe(true);
    expect(page.body).toContain('<h1>Sign In</h1>');
    expect(attribute(page.body, /name="csrf-token" content="([^"]*)"/)).toBe(client.csrfToken);
    expect((jsonAttribute(page.body, 'data-translations') as typeof en).auth.signIn).toBe(en.auth.signIn);
    expect(page.body).not.toContain('__MEND_');
  });

  it('is not used where the screen would differ from it, nor on other routes', async () => {
    for (const url of ['/login?verified=1', '/login?landlord=3', '/login/x', '/tickets', '/']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(isPrerendered(page.body), url).toBe(false);
    }
  });

  it('is not sent to a signed-in visitor', async () => {
    const landlord = await createLandlord(t.db, 'Login Page Landlord');
    await createUser(t.db, { role: 1, email: 'login.page@example.test', landlordId: landlord.id });
    const client = await t.client();
    expect((await client.login('login.page@example.test', TEST_PASSWORD)).statusCode).toBe(200);
    const page = await client.get('/login');
    expect(isPrerendered(page.body)).toBe(false);
    expect(jsonAttribute(page.body, 'data-current-user')).not.toBe('');
  });

  it('is never served as the raw template', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/login.html' });
    expect(response.body).not.toContain('__MEND_CSRF__');
  });

  it('fits /login with no query or only a redirect', () => {
    expect(isPrerenderedLoginUrl('/login')).toBe(true);
    expect(isPrerenderedLoginUrl('/login?')).toBe(true);
    expect(isPrerenderedLoginUrl('/login?redirect=%2Ftickets%3Fq%3Da')).toBe(true);
    expect(isPrerenderedLoginUrl('/login?redirect=/a&verified=0')).toBe(false);
    expect(isPrerenderedLoginUrl('/login/')).toBe(false);
    expect(isPrerenderedLoginUrl('/loginx')).toBe(false);
  });
});

describe('the page for a signed-in visitor', () => {
  it('carries what GET /api/users/current answers, so the app needs not ask', async () => {
    const landlord = await createLandlord(t.db, 'Page Landlord');
    // "$&" and "$'" would be read as patterns by a replacement string; quotes and tags must stay text.
    const user = await createUser(t.db, {
      role: 1,
      email: 'page.manager@example.test',
      username: 'pagemanager',
      landlordId: landlord.id,
    });
    await t.db.update(users).set({ firstName: `Ann "$&" <b>$'` }).where(eq(users.id, user.id));
    const client = await t.client();
    expect((await client.login('page.manager@example.test', TEST_PASSWORD)).statusCode).toBe(200);
    const page = await client.get('/tickets');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).not.toContain('<b>');
    const embedded = jsonAttribute(page.body, 'data-current-user') as {
      user: { first_name: string };
      landlord: { name: string };
    };
    const answered = (await client.get('/api/users/current')).json();
    expect(embedded).toEqual(answered);
    expect(embedded.user.first_name).toBe(`Ann "$&" <b>$'`);
    expect(embedded.landlord.name).toBe('Page Landlord');
    expect(page.body).not.toContain('__MEND_');
  });

  it("names the main layout's files in its head, for the browser to fetch with the first ones", async () => {
    const user = await createUser(t.db, {
      role: 1,
      email: 'page.preloads@example.test',
      username: 'pagepreloads',
    });
    const client = await t.client();
    expect((await client.login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
    const head = (await client.get('/tickets')).body.split('</head>')[0];
    expect(head).toContain(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/MainLayout-a1.js">',
    );
    expect(head).toContain(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/ui-b2.js">',
    );
    expect(head).toContain(
      '<link rel="preload" as="style" crossorigin fetchpriority="low" href="/assets/MainLayout-c3.css">',
    );
  });

  it('carries nothing for a visitor who is not signed in', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/tickets' });
    expect(jsonAttribute(page.body, 'data-current-user')).toBe('');
    // The app sends a signed-out visitor to the login page: the layout's files would be fetched for nothing.
    expect(page.body).not.toContain('rel="modulepreload"');
    expect(page.body).not.toContain('MainLayout');
  });

  it('keeps the session on asset paths: no page, no new session there', async () => {
    const client = await t.client();
    const missing = await client.get('/assets/no-such-chunk');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['set-cookie']).toBeUndefined();
    const asset = await client.get('/assets/app.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['set-cookie']).toBeUndefined();
  });
});
