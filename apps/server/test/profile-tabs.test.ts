/** The profile tabs: who may open which profile, and the info, email, password and notifications forms. */
import { en } from '@mend/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages, type UserRow, users } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/app';
import { createUser, TEST_PASSWORD } from './helpers/factories';
import { createWorld, personFields, signedIn, type World } from './helpers/user-factories';

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp({ env: { APP_URL: 'http://mend-profile.test' } });
  w = await createWorld(t.db);
});
afterAll(() => t.close());

async function reload(user: Pick<UserRow, 'id'>): Promise<UserRow> {
  const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
  return row;
}

describe('GET /api/users/{id}/profile', () => {
  it('answers one’s own profile with not_you false', async () => {
    const client = await signedIn(t, w.a.tenant);
    const response = await client.get(`/api/users/${w.a.tenant.id}/profile`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.not_you).toBe(false);
    expect(body.user).toMatchObject({
      id: w.a.tenant.id,
      email: w.a.tenant.email,
      path: `/api/users/${w.a.tenant.id}/`,
    });
    expect(body.user.notification_options).toBeDefined();
    expect(body.user).not.toHaveProperty('password_hash');
  });

  it('the super admin opens anyone’s, with not_you true', async () => {
    const client = await signedIn(t, w.admin);
    const response = await client.get(`/api/users/${w.b.contractor.id}/profile/`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ not_you: true, user: { id: w.b.contractor.id } });
  });

  it('others: 404 for people they cannot see, 403 for people they see but may not edit', async () => {
    const tenant = await signedIn(t, w.a.tenant);
    expect((await tenant.get(`/api/users/${w.a.otherTenant.id}/profile`)).statusCode).toBe(404);
    const manager = await signedIn(t, w.a.manager);
    expect((await manager.get(`/api/users/${w.a.tenant.id}/profile`)).statusCode).toBe(403);
    expect((await manager.get(`/api/users/${w.b.tenant.id}/profile`)).statusCode).toBe(404);
    const response = await t.app.inject({ method: 'GET', url: `/api/users/${w.a.tenant.id}/profile` });
    expect(response.statusCode).toBe(401);
  });
});

describe('PATCH /api/users/{id}/info', () => {
  it('saves the person fields and answers "Your settings have been saved."', async () => {
    const client = await signedIn(t, w.a.contractor);
    const response = await client.post(`/api/users/${w.a.contractor.id}/info`, {
      _method: 'PATCH',
      ...personFields({ first_name: 'Marco', company_name: 'Pipes Inc.' }),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: en.toasts.saved,
      data: { id: w.a.contractor.id, first_name: 'Marco', company_name: 'Pipes Inc.', city: 'Edmonton' },
    });
    expect((await reload(w.a.contractor)).companyName).toBe('Pipes Inc.');
  });

  it('requires every field but address_2, with the SPEC messages', async () => {
    const client = await signedIn(t, w.a.contractor);
    const response = await client.post(`/api/users/${w.a.contractor.id}/info`, {
      _method: 'PATCH',
      ...personFields({ first_name: '', address_1: '', phone_number: '12', address_2: '' }),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      first_name: [en.validation.firstName],
      phone_number: [en.validation.phone],
      address_1: [en.validation.address],
    });
  });

  it('refuses a country that is not listed and a province of another country, changing nothing', async () => {
    const client = await signedIn(t, w.a.contractor);
    const before = await reload(w.a.contractor);
    for (const [place, errors] of [
      [{ country: 'Narnia', province: 'Lantern Waste' }, { country: [en.validation.country] }],
      [{ country: 'Canada', province: 'Lantern Waste' }, { province: [en.validation.province] }],
    ] as const) {
      const response = await client.post(`/api/users/${w.a.contractor.id}/info`, {
        _method: 'PATCH',
        ...personFields({ first_name: 'Changed', ...place }),
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual(errors);
    }
    expect(await reload(w.a.contractor)).toEqual(before);
  });

  it('the super admin edits anyone’s; a manager not even its tenant’s', async () => {
    const admin = await signedIn(t, w.admin);
    const saved = await admin.post(`/api/users/${w.b.tenant.id}/info`, {
      _method: 'PATCH',
      ...personFields({ last_name: 'Renamed' }),
    });
    expect(saved.statusCode).toBe(200);
    const manager = await signedIn(t, w.a.manager);
    const refused = await manager.post(`/api/users/${w.a.tenant.id}/info`, {
      _method: 'PATCH',
      ...personFields(),
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('PATCH /api/users/{id}/email', () => {
  it('needs the current email; the new one is unverified and gets a verification link', async () => {
    const user = await createUser(t.db, { email: 'before@example.test' });
    await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
    const client = await signedIn(t, user);
    const wrong = await client.post(`/api/users/${user.id}/email`, {
      _method: 'PATCH',
      old_email: 'someone@example.test',
      email: 'after@example.test',
      email_confirmation: 'after@example.test',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ old_email: [en.accounts.oldEmailIncorrect] });

    const response = await client.post(`/api/users/${user.id}/email`, {
      _method: 'PATCH',
      old_email: 'Before@example.test',
      email: 'After@example.test',
      email_confirmation: 'After@example.test',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: en.accounts.emailChanged,
      data: { email: 'after@example.test', email_verified_at: null },
    });
    const [email] = await t.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.userId, user.id), eq(outboxMessages.kind, 'email_verification')));
    expect(email).toMatchObject({ recipient: 'after@example.test', subject: en.mail.verification.subject });
    expect(email.bodyText).toContain('http://mend-profile.test/api/email/verify/');
    expect((await client.login('after@example.test', TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a mismatched confirmation, the same email, and one that is taken', async () => {
    const user = await createUser(t.db);
    const client = await signedIn(t, user);
    const send = (body: Record<string, string>) =>
      client.post(`/api/users/${user.id}/email`, { _method: 'PATCH', old_email: user.email, ...body });
    const mismatch = await send({ email: 'new1@example.test', email_confirmation: 'new2@example.test' });
    expect(mismatch.json().errors).toEqual({ email_confirmation: [en.validation.emailDoesNotMatch] });
    const same = await send({ email: user.email, email_confirmation: user.email });
    expect(same.json().errors).toEqual({ email: [en.accounts.sameEmail] });
    const taken = await send({ email: w.a.manager.email, email_confirmation: w.a.manager.email });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ email: [en.people.emailTaken] });
    const invalid = await send({ email: 'nope', email_confirmation: 'nope' });
    expect(invalid.json().errors).toEqual({ email: [en.validation.validEmail] });
  });
});

describe('PATCH /api/users/{id}/password', () => {
  it('refuses a wrong old password and mismatched confirmations', async () => {
    const user = await createUser(t.db);
    const client = await signedIn(t, user);
    const wrong = await client.post(`/api/users/${user.id}/password`, {
      _method: 'PATCH',
      old_password: 'not it',
      password: 'new password',
      password_confirmation: 'new password',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ old_password: [en.accounts.oldPasswordIncorrect] });
    const mismatch = await client.post(`/api/users/${user.id}/password`, {
      _method: 'PATCH',
      old_password: TEST_PASSWORD,
      password: 'new password',
      password_confirmation: 'other password',
    });
    expect(mismatch.json().errors).toEqual({ password_confirmation: [en.validation.passwordDoesNotMatch] });
    const empty = await client.post(`/api/users/${user.id}/password`, { _method: 'PATCH' });
    expect(empty.json().errors).toEqual({
      old_password: [en.validation.validPassword],
      password: [en.validation.validPassword],
      password_confirmation: [en.validation.validPassword],
    });
  });

  it('changes it, keeps this session and ends the others', async () => {
    const user = await createUser(t.db);
    const client = await signedIn(t, user);
    const elsewhere = await signedIn(t, user);
    const response = await client.post(`/api/users/${user.id}/password`, {
      _method: 'PATCH',
      old_password: TEST_PASSWORD,
      password: 'a fresh password',
      password_confirmation: 'a fresh password',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ message: en.accounts.passwordChanged, data: { id: user.id } });
    expect((await client.get('/api/users/current')).statusCode).toBe(200);
    expect((await elsewhere.get('/api/users/current')).statusCode).toBe(401);
    expect((await (await t.client()).login(user.email, 'a fresh password')).statusCode).toBe(200);
  });

  it('the super admin changes another user’s password by confirming with its own', async () => {
    const user = await createUser(t.db);
    const admin = await signedIn(t, w.admin);
    const response = await admin.post(`/api/users/${user.id}/password`, {
      _method: 'PATCH',
      old_password: TEST_PASSWORD,
      password: 'set by the admin',
      password_confirmation: 'set by the admin',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await (await t.client()).login(user.email, 'set by the admin')).statusCode).toBe(200);
  });
});

describe('PATCH /api/users/{id}/notifications', () => {
  it('saves the channels and numbers (multipart notification_options[...][...])', async () => {
    const user = await createUser(t.db);
    const client = await signedIn(t, user);
    const response = await client.post(`/api/users/${user.id}/notifications`, {
      _method: 'PATCH',
      notification_options: {},
      'notification_options[mail][tickets]': '1',
      'notification_options[mail][support]': '0',
      'notification_options[sms][phone_number]': ' 780 555 0111 ',
      'notification_options[sms][tickets]': 'on',
      'notification_options[phone][phone_number]': '',
    });
    expect(response.statusCode, response.body).toBe(200);
    const expected = {
      mail: { tickets: true, reminders: false, support: false },
      sms: { phone_number: '780 555 0111', tickets: true, reminders: false, support: false },
      phone: { phone_number: '', tickets: false },
    };
    expect(response.json()).toEqual({ message: en.toasts.saved, data: expected });
    expect((await reload(user)).notificationOptions).toEqual(expected);
  });

  it('takes JSON too, and needs a valid number for a channel that is on', async () => {
    const user = await createUser(t.db);
    const client = await signedIn(t, user);
    const response = await client.send(
      'PATCH',
      `/api/users/${user.id}/notifications`,
      {
        notification_options: {
          mail: { tickets: false, support: true },
          sms: { phone_number: '', tickets: true },
          phone: { phone_number: '12', tickets: false },
        },
      },
      { json: true },
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      'notification_options.sms.phone_number': [en.validation.phone],
      'notification_options.phone.phone_number': [en.validation.phone],
    });
  });

  it('others’ options are not theirs to change', async () => {
    const client = await signedIn(t, w.a.tenant);
    const response = await client.post(`/api/users/${w.a.otherTenant.id}/notifications`, {
      _method: 'PATCH',
      'notification_options[mail][tickets]': '1',
    });
    expect(response.statusCode).toBe(404);
  });
});
