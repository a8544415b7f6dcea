/** Unsubscribe links: HMAC-signed, checked without the database; forged ones refused. And the app secret. */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { en } from '@mend/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type UserRow, users } from '../src/db/schema';
import {
  APP_SECRET_FILE,
  resolveAppSecret,
  signUnsubscribeToken,
  verifyUnsubscribeToken,
} from '../src/lib/tokens';
import { createTestApp, type TestApp } from './helpers/app';
import { createUser } from './helpers/factories';

let t: TestApp;
let user: UserRow;

const ALL_ON = {
  mail: { tickets: true, reminders: false, support: true },
  sms: { phone_number: '780 555 0199', tickets: true, reminders: false, support: true },
  phone: { phone_number: '780 555 0198', tickets: true },
};

beforeAll(async () => {
  t = await createTestApp({ env: { APP_URL: 'http://mend-unsubscribe.test' } });
  user = await createUser(t.db, { role: 0 });
  await t.db.update(users).set({ notificationOptions: ALL_ON }).where(eq(users.id, user.id));
});
afterAll(() => t.close());

async function optionsOf(id: number) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  return row.notificationOptions;
}

async function unsubscribe(token: string) {
  const visitor = await t.client();
  return visitor.post(`/api/unsubscribe/${encodeURIComponent(token)}`);
}

describe('POST /api/unsubscribe/{token}', () => {
  it('turns off the email kind the token names, without signing in, and nothing else', async () => {
    const token = signUnsubscribeToken(t.app.messaging.secret, user.id, 'mail.support');
    const response = await unsubscribe(token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: 'You will no longer receive support emails.' });
    expect(await optionsOf(user.id)).toEqual({ ...ALL_ON, mail: { ...ALL_ON.mail, support: false } });

    const tickets = await unsubscribe(signUnsubscribeToken(t.app.messaging.secret, user.id, 'mail.tickets'));
    expect(tickets.json()).toEqual({ message: 'You will no longer receive ticket emails.' });
    expect((await optionsOf(user.id)).mail).toEqual({ tickets: false, reminders: false, support: false });
    expect((await optionsOf(user.id)).sms).toEqual(ALL_ON.sms);
  });

  it('is harmless to open twice', async () => {
    const token = signUnsubscribeToken(t.app.messaging.secret, user.id, 'mail.tickets');
    expect((await unsubscribe(token)).statusCode).toBe(200);
    expect((await unsubscribe(token)).statusCode).toBe(200);
  });

  it('refuses forged, altered and garbled tokens with 400', async () => {
    const victim = await createUser(t.db);
    await t.db.update(users).set({ notificationOptions: ALL_ON }).where(eq(users.id, victim.id));
    const genuine = signUnsubscribeToken(t.app.messaging.secret, user.id, 'mail.tickets');
    const signature = genuine.split('.').pop()!;
    const candidates = [
      // Signed with another secret.
      signUnsubscribeToken('not-the-app-secret-at-all', victim.id, 'mail.tickets'),
      // Someone else's id under this user's signature.
      `${victim.id}.mail.tickets.${signature}`,
      // Another kind under the signature.
      `${user.id}.mail.support.${signature}`,
      // A kind that does not exist.
      `${victim.id}.mail.everything.${signature}`,
      // One character of the signature changed.
      `${genuine.slice(0, -1)}${genuine.endsWith('A') ? 'B' : 'A'}`,
      'garbage',
      '',
    ];
    for (const token of candidates) {
      const response = await unsubscribe(token);
      expect(response.statusCode, token).toBe(token === '' ? 404 : 400);
      if (token !== '')
        expect(response.json()).toEqual({ code: 'bad_request', message: en.accounts.unsubscribeInvalid });
    }
    expect(await optionsOf(victim.id)).toEqual(ALL_ON);
  });
});

describe('tokens and the app secret', () => {
  it('a token verifies only under its own secret', () => {
    const token = signUnsubscribeToken('secret-one-secret-one', 42, 'mail.tickets');
    expect(verifyUnsubscribeToken('secret-one-secret-one', token)).toEqual({
      userId: 42,
      kind: 'mail.tickets',
    });
    expect(verifyUnsubscribeToken('secret-two-secret-two', token)).toBeNull();
    expect(/^[A-Za-z0-9._-]+$/.test(token)).toBe(true);
  });

  it('is generated into the data folder on first start, then kept; APP_SECRET wins', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mend-secret-'));
    try {
      const first = resolveAppSecret(null, dir);
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(resolveAppSecret(null, dir)).toBe(first);
      const file = path.join(dir, APP_SECRET_FILE);
      expect(readFileSync(file, 'utf8').trim()).toBe(first);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(resolveAppSecret('configured-secret-value', dir)).toBe('configured-secret-value');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the app uses APP_SECRET when it is set', async () => {
    const app = await createTestApp({ env: { APP_SECRET: 'a-configured-secret-for-tests' } });
    try {
      expect(app.app.messaging.secret).toBe('a-configured-secret-for-tests');
    } finally {
      await app.close();
    }
  });
});
