/**
 * The interface's language (issue 28 §3): PATCH users/{id}/language, and the page in the visitor's language, its
 * dictionary and `<html lang>`: the user's choice, else its browser's (Accept-Language), else English. The pages
 * rendered ahead in English (login.html) go only to English visitors. A signed link's page is in the language of the
 * person it was sent to, when that person has one.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Dictionary, en, fr } from '@mend/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { landlordOwners, users } from '../src/db/schema';
import {
  issueOneTimeToken,
  RESET_TOKEN_TTL_MS,
  signTicketLinkToken,
  signUnsubscribeToken,
} from '../src/lib/tokens';
import { createTestApp, type TestApp } from './helpers/app';
import { createUser } from './helpers/factories';
import { clientFor, createWorld, freshClientFor, type World } from './helpers/ticket-factories';

let t: TestApp;
let w: World;
let dist: string;

const PAGE = (root: string) =>
  '<!doctype html><html lang="en" data-mantine-color-scheme="light"><head>' +
  '<meta name="csrf-token" content="__MEND_CSRF__" /></head>' +
  `<body><div id="root"${root} data-translations="__MEND_TRANSLATIONS__" data-current-user="__MEND_CURRENT_USER__">` +
  '</div></body></html>';

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'mend-dist-language-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), PAGE(''));
  writeFileSync(
    path.join(dist, 'login.html'),
    PAGE(' data-prerendered').replace('</div>', '<h1>Sign In</h1></div>'),
  );
  t = await createTestApp({ env: { MEND_WEB_DIST: dist } });
  w = await createWorld(t.db);
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

/** The page's language attribute and the sign-in label of its dictionary. */
function pageOf(html: string) {
  const lang = /<html lang="([^"]*)"/.exec(html)?.[1];
  const raw = /data-translations='([^']*)'/.exec(html)?.[1] ?? '{}';
  const dictionary = JSON.parse(raw.replaceAll('&#39;', "'").replaceAll('&amp;', '&')) as Dictionary;
  return { lang, signIn: dictionary.auth.signIn, prerendered: html.includes('data-prerendered') };
}

async function page(url: string, acceptLanguage?: string, cookie?: string) {
  const response = await t.app.inject({
    method: 'GET',
    url,
    headers: {
      ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}),
      ...(cookie ? { cookie } : {}),
    },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers.vary).toContain('accept-language');
  return pageOf(response.body);
}

describe('the page’s language', () => {
  it('is English by default, with the login screen rendered ahead', async () => {
    expect(await page('/login')).toEqual({ lang: 'en', signIn: en.auth.signIn, prerendered: true });
    expect(await page('/login', 'en-US,en;q=0.9')).toEqual({
      lang: 'en',
      signIn: en.auth.signIn,
      prerendered: true,
    });
  });

  it('follows a visitor’s browser: French, without the English page rendered ahead', async () => {
    const french = { lang: 'fr-CA', signIn: fr.auth.signIn, prerendered: false };
    expect(await page('/login', 'fr-CA,fr;q=0.9,en;q=0.8')).toEqual(french);
    expect(await page('/login', 'de-DE, fr;q=0.5, en;q=0.3')).toEqual(french);
    expect((await page('/login', 'en;q=0.4, fr-FR;q=0.8')).lang).toBe('fr-CA');
    // Nothing of ours, or nonsense: English.
    expect((await page('/login', 'de, es;q=0.9')).lang).toBe('en');
    expect((await page('/login', ';;q=x,,,*')).lang).toBe('en');
  });

  it('is the user’s choice once made, whatever its browser says', async () => {
    const user = await createUser(t.db, { role: 2 });
    const client = await freshClientFor(t, user);
    expect((await page('/tickets', 'fr-CA', client.cookieHeader)).lang).toBe('fr-CA');
    await t.db.update(users).set({ language: 'en' }).where(eq(users.id, user.id));
    expect((await page('/tickets', 'fr-CA', client.cookieHeader)).lang).toBe('en');
    await t.db.update(users).set({ language: 'fr' }).where(eq(users.id, user.id));
    expect(await page('/tickets', 'en-US', client.cookieHeader)).toMatchObject({
      lang: 'fr-CA',
      signIn: fr.auth.signIn,
    });
  });
});

describe('a signed link’s page', () => {
  const link = (purpose: 'assignment' | 'signoff' | 'approval', userId: number) =>
    signTicketLinkToken(t.app.messaging.secret, purpose, { ticketId: 1, userId, issuedAt: new Date() });

  it('is in the language the landlord set for the owner it was sent to, whatever the browser', async () => {
    const [french, english] = await t.db
      .insert(landlordOwners)
      .values([
        { landlordId: w.north.landlord.id, name: 'Rémi Gagnon', email: 'remi@owners.test', language: 'fr' },
        { landlordId: w.north.landlord.id, name: 'Helen Ortiz', email: 'helen@owners.test' },
      ])
      .returning();
    expect(await page(`/approvals/${link('approval', french.id)}`, 'en-US')).toMatchObject({
      lang: 'fr-CA',
      signIn: fr.auth.signIn,
    });
    expect((await page(`/approvals/${link('approval', english.id)}`, 'fr-CA')).lang).toBe('en');
    // Altered, or signed for another page: the browser's.
    const token = link('approval', french.id);
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect((await page(`/approvals/${altered}`, 'en-US')).lang).toBe('en');
    expect((await page(`/signoff/${token}`, 'en-US')).lang).toBe('en');
  });

  it('is in the language of the user it was sent to once chosen; a signed-in visitor’s own choice first', async () => {
    const tenant = await createUser(t.db, { role: 2 });
    const url = `/signoff/${link('signoff', tenant.id)}`;
    expect((await page(url, 'fr-CA')).lang).toBe('fr-CA');
    expect((await page(url, 'en-US')).lang).toBe('en');
    await t.db.update(users).set({ language: 'fr' }).where(eq(users.id, tenant.id));
    expect((await page(url, 'en-US')).lang).toBe('fr-CA');
    expect((await page(`/assignment/${link('assignment', tenant.id)}`, 'en-US')).lang).toBe('fr-CA');
    // The links of its account's emails too: an unsubscribe link, a password reset link (until used).
    expect(
      (
        await page(
          `/unsubscribe/${signUnsubscribeToken(t.app.messaging.secret, tenant.id, 'mail.tickets')}`,
          'en-US',
        )
      ).lang,
    ).toBe('fr-CA');
    const reset = await issueOneTimeToken(t.db, {
      userId: tenant.id,
      purpose: 'reset',
      email: tenant.email,
      ttlMs: RESET_TOKEN_TTL_MS,
    });
    expect((await page(`/password/reset/${reset}?email=${tenant.email}`, 'en-US')).lang).toBe('fr-CA');
    expect((await page(`/password/reset/${reset.slice(1)}x`, 'en-US')).lang).toBe('en');
    const visitor = await createUser(t.db, { role: 2 });
    await t.db.update(users).set({ language: 'en' }).where(eq(users.id, visitor.id));
    const client = await freshClientFor(t, visitor);
    expect((await page(url, 'fr-CA', client.cookieHeader)).lang).toBe('en');
  });
});

describe('PATCH /api/users/{id}/language', () => {
  it('saves one’s own choice, answered in it, and the next page is in it', async () => {
    const client = await clientFor(t, w.north.tenant);
    const response = await client.send('PATCH', `/api/users/${w.north.tenant.id}/language`, {
      language: 'fr',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ message: fr.toasts.saved, data: { language: 'fr' } });
    expect((await page('/tickets', undefined, client.cookieHeader)).lang).toBe('fr-CA');
    const current = await client.get('/api/users/current');
    expect(current.json().user.language).toBe('fr');
    const back = await client.send('PATCH', `/api/users/${w.north.tenant.id}/language`, { language: 'en' });
    expect(back.json()).toMatchObject({ message: en.toasts.saved, data: { language: 'en' } });
  });

  it('refuses a language Mend has not, or none, with the field’s message', async () => {
    const client = await clientFor(t, w.north.tenant);
    for (const body of [{ language: 'de' }, { language: '' }, {}, { language: ['fr'] }]) {
      const response = await client.send('PATCH', `/api/users/${w.north.tenant.id}/language`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().errors, JSON.stringify(body)).toEqual({ language: [en.validation.language] });
    }
  });

  it('is one’s own, or the super admin’s to change for anyone', async () => {
    const manager = await clientFor(t, w.north.manager);
    const refused = await manager.send('PATCH', `/api/users/${w.north.tenant.id}/language`, {
      language: 'fr',
    });
    expect(refused.statusCode).toBe(403);
    const outside = await manager.send('PATCH', `/api/users/${w.south.tenant.id}/language`, {
      language: 'fr',
    });
    expect(outside.statusCode).toBe(404);
    const admin = await clientFor(t, w.admin);
    const changed = await admin.send('PATCH', `/api/users/${w.south.tenant.id}/language`, { language: 'fr' });
    expect(changed.statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, w.south.tenant.id));
    expect(row!.language).toBe('fr');
  });
});
