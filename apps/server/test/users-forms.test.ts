/**
 * Create, update and delete of users, tenants and contractors: SPEC.md section 5 messages (exact
 * texts), links written with the user, temporary accounts, form options limited to one landlord,
 * and the `_nonce` double submit.
 */
import { en, TEMPORARY_EMAIL_DOMAIN } from '@mend/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractorCategories, contractorProperties, tenantUnits, users } from '../src/db/schema';
import { createTestApp, type TestApp, type TestClient } from './helpers/app';
import { createCategory, createLandlord, createTenant, createUnit } from './helpers/factories';
import { createWorld, freshEmail, personFields, signedIn, type World } from './helpers/user-factories';

const v = en.validation;
let t: TestApp;
let w: World;
let admin: TestClient;
let managerA: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  admin = await signedIn(t, w.admin);
  managerA = await signedIn(t, w.a.manager);
});
afterAll(() => t.close());

const tenantForm = (extra: Record<string, unknown> = {}) => ({
  ...personFields(),
  email: freshEmail('tenant'),
  unit_id: w.a.unit.id,
  ...extra,
});
const contractorForm = (extra: Record<string, unknown> = {}) => ({
  ...personFields(),
  email: freshEmail('contractor'),
  property_ids: [w.a.property.id],
  category_ids: [w.categories[0].id],
  ...extra,
});
/** Activates a temporary account with the password it was given (PATCH /user-activation). */
const activate = (client: TestClient, username: string, oldPassword: string) =>
  client.post('/api/user-activation', {
    _method: 'PATCH',
    username,
    email: `${username}@activated.test`,
    email_confirmation: `${username}@activated.test`,
    old_password: oldPassword,
    password: 'a password of my own',
    password_confirmation: 'a password of my own',
  });

const userForm = (extra: Record<string, unknown> = {}) => ({
  ...personFields(),
  email: freshEmail('manager'),
  role: 1,
  landlord_id: w.a.landlord.id,
  ...extra,
});

describe('SPEC.md section 5 messages of the user form', () => {
  const personMessages = [
    ['first_name', v.firstName],
    ['last_name', v.lastName],
    ['company_name', v.company],
    ['phone_number', v.phone],
    ['country', v.country],
    ['province', v.province],
    ['city', v.city],
    ['postal', v.postal],
  ] as const;
  const forms = [
    ['users', () => userForm()],
    ['tenants', () => tenantForm()],
    ['contractors', () => contractorForm()],
  ] as const;

  describe.each(forms)('POST %s', (type, form) => {
    it.each(personMessages)('%s empty → "%s"', async (field, message) => {
      const response = await admin.post(`/api/${type}`, { ...form(), [field]: '' });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        code: 'validation_failed',
        message: en.errors.validation,
        errors: { [field]: [message] },
      });
    });

    it('a malformed email → "Please enter a valid email"; a short phone → "Please enter a valid phone number"', async () => {
      const response = await admin.post(`/api/${type}`, {
        ...form(),
        email: 'ann@example',
        phone_number: '555-0134',
      });
      expect(response.json().errors).toEqual({ email: [v.validEmail], phone_number: [v.phone] });
    });

    it('password and confirmation must match → "Password does not match"', async () => {
      const response = await admin.post(`/api/${type}`, {
        ...form(),
        password: 'one secret',
        password_confirmation: 'another',
      });
      expect(response.json().errors).toEqual({ password_confirmation: [v.passwordDoesNotMatch] });
    });

    it('address_1 may be empty on create', async () => {
      const response = await admin.post(`/api/${type}`, { ...form(), address_1: '' });
      expect(response.statusCode, response.body).toBe(201);
    });
  });

  it('users: role → "Please select a role"; landlord → "Please select a landlord" (except role 0)', async () => {
    expect((await admin.post('/api/users', userForm({ role: 'x' }))).json().errors).toEqual({
      role: [v.role],
    });
    expect((await admin.post('/api/users', userForm({ role: 9 }))).json().errors).toEqual({ role: [v.role] });
    expect((await admin.post('/api/users', userForm({ landlord_id: '' }))).json().errors).toEqual({
      landlord_id: [v.landlord],
    });
    expect((await admin.post('/api/users', userForm({ landlord_id: 999999 }))).json().errors).toEqual({
      landlord_id: [v.landlord],
    });
    const superAdmin = await admin.post('/api/users', userForm({ role: 0, landlord_id: '' }));
    expect(superAdmin.statusCode).toBe(201);
    expect(superAdmin.json().data).toMatchObject({ role: 0, is_super_admin: true, landlord_id: null });
  });

  it('tenants: unit → "Please select a unit" (missing, spaces, unknown, or of another landlord)', async () => {
    for (const unit_id of ['', '4 5', 999999]) {
      const response = await admin.post('/api/tenants', tenantForm({ unit_id }));
      expect(response.json().errors, String(unit_id)).toEqual({ unit_id: [v.unit] });
    }
    const foreign = await admin.post(
      '/api/tenants',
      tenantForm({ landlord_id: w.a.landlord.id, unit_id: w.b.unit.id }),
    );
    expect(foreign.json().errors).toEqual({ unit_id: [v.unit] });
  });

  it('contractors: properties and categories are required on create and must exist', async () => {
    const missing = await admin.post(
      '/api/contractors',
      contractorForm({ property_ids: [], category_ids: [] }),
    );
    expect(missing.json().errors).toEqual({ property_ids: [v.property], category_ids: [v.category] });
    const unknown = await admin.post(
      '/api/contractors',
      contractorForm({ property_ids: [999999], category_ids: [999999] }),
    );
    expect(unknown.json().errors).toEqual({ property_ids: [v.property], category_ids: [v.category] });
    const foreign = await admin.post(
      '/api/contractors',
      contractorForm({ landlord_id: w.b.landlord.id, property_ids: [w.a.property.id] }),
    );
    expect(foreign.json().errors).toEqual({ property_ids: [v.property] });
  });

  it('every problem of a form comes back at once', async () => {
    const response = await admin.post('/api/tenants', {});
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      first_name: [v.firstName],
      last_name: [v.lastName],
      company_name: [v.company],
      phone_number: [v.phone],
      country: [v.country],
      province: [v.province],
      city: [v.city],
      postal: [v.postal],
      unit_id: [v.unit],
    });
  });
});

describe('POST {type}', () => {
  it('creates a tenant with its unit, the landlord following the unit, and never answers the hash', async () => {
    const response = await admin.post('/api/tenants', tenantForm({ email: 'Mixed.Case@Example.TEST' }));
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body.message).toBe('Ann Lee has been created.');
    expect(body.data).toMatchObject({
      email: 'mixed.case@example.test',
      role: 2,
      role_name: 'Tenant',
      type: 'tenants',
      landlord_id: w.a.landlord.id,
      landlord: { id: w.a.landlord.id, name: w.a.landlord.name },
      unit_id: w.a.unit.id,
      units: [{ id: w.a.unit.id, name: w.a.unit.name }],
      is_temporary: false,
      path: `/api/users/${body.data.id}/`,
    });
    expect(response.body).not.toContain('$argon2');
    expect(response.body).not.toContain('password_hash');
    const [link] = await t.db.select().from(tenantUnits).where(eq(tenantUnits.userId, body.data.id));
    expect(link.unitId).toBe(w.a.unit.id);
  });

  it('refuses an email in use, whatever its case → "This email is already in use."', async () => {
    const response = await admin.post('/api/tenants', tenantForm({ email: w.a.tenant.email.toUpperCase() }));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ email: [en.people.emailTaken] });
  });

  it('refuses the temporary-account domain as a real email', async () => {
    const response = await admin.post('/api/tenants', tenantForm({ email: `x@${TEMPORARY_EMAIL_DOMAIN}` }));
    expect(response.json().errors).toEqual({ email: [en.people.reservedEmail] });
  });

  it('creates a contractor with its properties and categories', async () => {
    const response = await managerA.post(
      '/api/contractors',
      contractorForm({
        property_ids: [w.a.property.id, w.a.otherProperty.id],
        category_ids: [w.categories[0].id, w.categories[1].id],
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const data = response.json().data;
    expect(data).toMatchObject({ role: 3, type: 'contractors', landlord_id: w.a.landlord.id, units: [] });
    expect([...data.property_ids].sort()).toEqual([w.a.property.id, w.a.otherProperty.id].sort());
    expect(data.categories.map((c: { title: string }) => c.title)).toEqual(['Electrical', 'Plumbing']);
  });

  it('POST users with a tenant role takes the tenant form (its unit)', async () => {
    const missing = await admin.post('/api/users', userForm({ role: 2 }));
    expect(missing.json().errors).toEqual({ unit_id: [v.unit] });
    const ok = await admin.post('/api/users', userForm({ role: 2, unit_id: w.a.unit.id }));
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data).toMatchObject({ role: 2, unit_id: w.a.unit.id });
  });

  it('signs in with the email and the password given on create', async () => {
    const email = freshEmail('signin');
    const created = await admin.post(
      '/api/tenants',
      tenantForm({ email, password: 'pass word 1', password_confirmation: 'pass word 1' }),
    );
    expect(created.json().data).not.toHaveProperty('generated_password');
    const client = await t.client();
    expect((await client.login(email, 'pass word 1')).statusCode).toBe(200);
  });
});

describe('temporary accounts (empty email)', () => {
  it('get a username from the name and a placeholder email, and sign in with the username', async () => {
    const first = await admin.post(
      '/api/tenants',
      tenantForm({
        email: '',
        first_name: 'Zoë',
        last_name: "O'Neil",
        password: 'temporary secret',
        password_confirmation: 'temporary secret',
      }),
    );
    expect(first.statusCode, first.body).toBe(201);
    // The placeholder is stored, never shown as an email.
    expect(first.json().data).toMatchObject({ username: 'zoeoneil', email: '', is_temporary: true });
    const [stored] = await t.db.select().from(users).where(eq(users.username, 'zoeoneil'));
    expect(stored.email).toBe(`zoeoneil@${TEMPORARY_EMAIL_DOMAIN}`);
    const second = await admin.post(
      '/api/tenants',
      tenantForm({ email: '', first_name: 'Zoe', last_name: 'ONeil' }),
    );
    expect(second.json().data.username).toBe('zoeoneil2');

    // Nor anywhere else a user's email shows: the tenants list, the unit's tenants (a contractor's Tenant List).
    const listed = (await admin.get('/api/tenants?search=zoeoneil')).json().data;
    expect(listed.map((user: { email: string }) => user.email)).toEqual(['', '']);
    const unit = (await admin.get(`/api/units/${w.a.unit.id}`)).json();
    const placeholders = JSON.stringify(unit).match(new RegExp(`@${TEMPORARY_EMAIL_DOMAIN}`, 'g'));
    expect(placeholders).toBeNull();
    expect(unit.users.filter((user: { email: string }) => user.email === '')).toHaveLength(2);

    // Signing in with it leads to the activation, which the password opens.
    const client = await t.client();
    const login = await client.login('zoeoneil', 'temporary secret');
    expect(login.statusCode).toBe(403);
    expect(login.json().redirect).toBe('/user-activation/zoeoneil');
    expect((await activate(client, 'zoeoneil', 'temporary secret')).statusCode).toBe(200);
  });

  it('without a password get a generated one, answered once, that activates the account', async () => {
    const response = await admin.post('/api/contractors', contractorForm({ email: '', first_name: 'Gen' }));
    const data = response.json().data;
    expect(data.generated_password).toMatch(/^[\w-]{16}$/);
    const client = await t.client();
    expect((await client.login(data.username, data.generated_password)).statusCode).toBe(403);
    expect((await activate(client, data.username, data.generated_password)).statusCode).toBe(200);
    const read = await admin.get(data.path);
    expect(read.json()).not.toHaveProperty('generated_password');
  });
});

describe('PATCH {type}/{id}', () => {
  it('moves a tenant to another unit of its landlord and updates the details; a new email is unverified', async () => {
    const tenant = await createTenant(t.db, w.a.unit, w.a.landlord.id);
    await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, tenant.id));
    const response = await managerA.send('PATCH', `/api/tenants/${tenant.id}/`, {
      ...personFields({ first_name: 'Moved' }),
      email: 'Moved.Tenant@Example.test',
      unit_id: w.a.otherUnit.id,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Moved Lee has been updated.',
      data: {
        first_name: 'Moved',
        email: 'moved.tenant@example.test',
        email_verified_at: null,
        unit_id: w.a.otherUnit.id,
      },
    });
    const links = await t.db.select().from(tenantUnits).where(eq(tenantUnits.userId, tenant.id));
    expect(links).toEqual([{ userId: tenant.id, unitId: w.a.otherUnit.id }]);
  });

  it('requires address_1 and a valid email on edit, but no role or password', async () => {
    const response = await admin.send('PATCH', `/api/tenants/${w.b.tenant.id}`, {
      ...personFields({ address_1: '' }),
      email: '',
      unit_id: w.b.unit.id,
      role: 'nonsense',
    });
    expect(response.json().errors).toEqual({ email: [v.validEmail], address_1: [v.address] });
  });

  it("replaces a contractor's properties and categories, which may be empty on edit", async () => {
    const created = (await admin.post('/api/contractors', contractorForm())).json().data;
    const response = await admin.send('PATCH', `/api/contractors/${created.id}`, {
      ...personFields(),
      email: created.email,
      property_ids: [w.a.otherProperty.id],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      property_ids: [w.a.otherProperty.id],
      category_ids: [],
      categories: [],
    });
    expect(
      await t.db.select().from(contractorCategories).where(eq(contractorCategories.userId, created.id)),
    ).toEqual([]);
    const cleared = await admin.send('PATCH', `/api/users/${created.id}`, {
      ...personFields(),
      email: created.email,
    });
    expect(cleared.json().data.property_ids).toEqual([]);
    expect(
      await t.db.select().from(contractorProperties).where(eq(contractorProperties.userId, created.id)),
    ).toEqual([]);
  });

  it('refuses another user\'s email → "This email is already in use."', async () => {
    const response = await admin.send('PATCH', `/api/tenants/${w.b.otherTenant.id}`, {
      ...personFields(),
      email: w.b.tenant.email.toUpperCase(),
      unit_id: w.b.otherUnit.id,
    });
    expect(response.json().errors).toEqual({ email: [en.people.emailTaken] });
  });

  it('PATCH users/{id} edits a tenant with the tenant form (the record path works for every type)', async () => {
    const tenant = await createTenant(t.db, w.b.unit, w.b.landlord.id);
    const missingUnit = await admin.send('PATCH', `/api/users/${tenant.id}/`, {
      ...personFields(),
      email: tenant.email,
    });
    expect(missingUnit.json().errors).toEqual({ unit_id: [v.unit] });
    const other = await createUnit(t.db, w.b.property.id, 'Beta Tower 202');
    const ok = await admin.send('PATCH', `/api/users/${tenant.id}/`, {
      ...personFields(),
      email: tenant.email,
      unit_id: other.id,
    });
    expect(ok.json().data).toMatchObject({ unit_id: other.id, landlord_id: w.b.landlord.id });
  });
});

describe('DELETE {type}/{id}', () => {
  it('deletes the user and its links; a real DELETE and the _method override both work', async () => {
    const one = (await admin.post('/api/contractors', contractorForm())).json().data;
    const two = (await admin.post('/api/tenants', tenantForm())).json().data;
    const first = await admin.send('DELETE', `/api/contractors/${one.id}`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: 'Ann Lee has been deleted.' });
    const second = await admin.post(two.path, { _method: 'DELETE' });
    expect(second.statusCode).toBe(200);
    for (const id of [one.id, two.id]) {
      expect((await admin.get(`/api/users/${id}`)).statusCode).toBe(404);
      expect(
        await t.db.select().from(contractorProperties).where(eq(contractorProperties.userId, id)),
      ).toEqual([]);
      expect(await t.db.select().from(tenantUnits).where(eq(tenantUnits.userId, id))).toEqual([]);
    }
  });
});

describe('form options are limited to the chosen landlord', () => {
  it('a super admin picks the landlord; unit options follow it', async () => {
    const none = (await admin.get('/api/tenants/create')).json();
    expect(none).toMatchObject({
      default_role: 2,
      can_pick_landlord: true,
      options_landlord_id: null,
      unit_options: [],
    });
    // The picker searches the landlords (GET landlords?search=): the form offers only the one it starts from.
    expect(none.landlord_options).toEqual([]);
    const forA = (await admin.get(`/api/tenants/create?landlord_id=${w.a.landlord.id}`)).json();
    expect(forA.options_landlord_id).toBe(w.a.landlord.id);
    expect(forA.landlord_options).toEqual([{ id: w.a.landlord.id, name: w.a.landlord.name }]);
    const unitIds = forA.unit_options.map((u: { id: number }) => u.id);
    expect(unitIds).toEqual(expect.arrayContaining([w.a.unit.id, w.a.otherUnit.id]));
    expect(unitIds).not.toContain(w.b.unit.id);
    expect(forA.unit_options[0]).toMatchObject({
      property_id: expect.any(Number),
      property_name: expect.any(String),
    });
  });

  it('every form starts from the landlord asked for, or the edited user’s, and none that does not exist', async () => {
    const asked = `?landlord_id=${w.b.landlord.id}`;
    for (const path of ['/api/tenants/create', '/api/users/create', '/api/units/create']) {
      const form = (await admin.get(path + asked)).json();
      expect(form.landlord_options, path).toEqual([{ id: w.b.landlord.id, name: w.b.landlord.name }]);
      const unknown = (await admin.get(`${path}?landlord_id=999999`)).json();
      expect(unknown, path).toMatchObject({ landlord_options: [], options_landlord_id: null });
    }
    const edit = (await admin.get(`/api/tenants/${w.a.tenant.id}/edit`)).json();
    expect(edit.landlord_options).toEqual([{ id: w.a.landlord.id, name: w.a.landlord.name }]);
  });

  it('the landlord picker’s search lists landlords by name whatever its case, then id', async () => {
    await createLandlord(t.db, 'zz lower first');
    await createLandlord(t.db, 'ZZ upper second');
    const found = (await admin.get('/api/landlords?search=zz&sort=name&order=asc')).json();
    expect(found.data.map((l: { name: string }) => l.name)).toEqual(['zz lower first', 'ZZ upper second']);
  });

  it('a manager always gets its own landlord, whatever it asks for', async () => {
    const form = (await managerA.get(`/api/contractors/create?landlord_id=${w.b.landlord.id}`)).json();
    expect(form).toMatchObject({
      can_pick_landlord: false,
      options_landlord_id: w.a.landlord.id,
      landlord_options: [{ id: w.a.landlord.id, name: w.a.landlord.name }],
      roles: [{ value: 3, name: 'Contractor' }],
      default_role: 3,
    });
    expect(form.property_options.map((p: { id: number }) => p.id).sort()).toEqual(
      [w.a.property.id, w.a.otherProperty.id].sort(),
    );
    expect(form.category_options.length).toBeGreaterThanOrEqual(2);
    expect(form.unit_options).toEqual([]);
  });

  it('offers the categories in the order of the unit form: by title whatever its case, then id', async () => {
    await createCategory(t.db, 'zinc roofing');
    await createCategory(t.db, 'Alarms');
    await createCategory(t.db, 'alarms');
    const contractors = (await admin.get('/api/contractors/create')).json();
    const units = (await admin.get('/api/units/create')).json();
    const titles = contractors.category_options.map((c: { title: string }) => c.title);
    expect(titles).toEqual(units.category_options.map((c: { title: string }) => c.title));
    expect(titles.indexOf('zinc roofing')).toBeGreaterThan(titles.indexOf('Alarms'));
    expect(titles.indexOf('Alarms')).toBe(titles.indexOf('alarms') - 1);
    const lowered = titles.map((title: string) => title.toLowerCase());
    expect(lowered).toEqual([...lowered].sort());
  });

  it("the edit form starts from the user's landlord and can switch with ?landlord_id=", async () => {
    const category = await createCategory(t.db, 'Roofing');
    const edit = (await admin.get(`/api/contractors/${w.a.contractor.id}/edit`)).json();
    expect(edit).toMatchObject({
      id: w.a.contractor.id,
      options_landlord_id: w.a.landlord.id,
      roles: [{ value: 3 }],
    });
    expect(edit.category_options.map((c: { id: number }) => c.id)).toContain(category.id);
    expect(edit.property_options.map((p: { id: number }) => p.id)).not.toContain(w.b.property.id);
    const switched = (
      await admin.get(`/api/contractors/${w.a.contractor.id}/edit?landlord_id=${w.b.landlord.id}`)
    ).json();
    expect(switched.options_landlord_id).toBe(w.b.landlord.id);
    expect(switched.property_options.map((p: { id: number }) => p.id)).toContain(w.b.property.id);
    // The record itself is unchanged.
    expect(switched.landlord_id).toBe(w.a.landlord.id);
  });
});

describe('_nonce', () => {
  it('a double-submitted POST tenants creates one tenant and replays the first answer', async () => {
    const email = freshEmail('nonce');
    const form = tenantForm({ email, _nonce: 'AbCdE12345' });
    const [one, two] = await Promise.all([
      admin.post('/api/tenants', form),
      admin.post('/api/tenants', form),
    ]);
    expect([one.statusCode, two.statusCode]).toEqual([201, 201]);
    expect(two.json()).toEqual(one.json());
    const rows = await t.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
  });
});
