/**
 * Who may do what to which user: every users / tenants / contractors endpoint × role 0, a manager of
 * landlord A, a manager of landlord B, a tenant and a contractor, against people of both landlords.
 * Outside the actor's scope a user answers 404 and is never listed; inside it but not manageable, 403.
 */
import { en } from '@mend/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../src/db/schema';
import { createTestApp, type TestApp, type TestClient } from './helpers/app';
import { createTenant, createUser } from './helpers/factories';
import { createContractor, createWorld, personFields, signedIn, type World } from './helpers/user-factories';

let t: TestApp;
let w: World;
let clients: Record<ActorName, TestClient>;

type ActorName = 'admin' | 'managerA' | 'managerB' | 'tenantA' | 'contractorA';
const ACTORS: ActorName[] = ['admin', 'managerA', 'managerB', 'tenantA', 'contractorA'];

function actorUser(name: ActorName): UserRow {
  return {
    admin: w.admin,
    managerA: w.a.manager,
    managerB: w.b.manager,
    tenantA: w.a.tenant,
    contractorA: w.a.contractor,
  }[name];
}

/** Everybody an actor could ask about. */
type SubjectName =
  | 'admin'
  | 'managerA'
  | 'tenantA'
  | 'otherTenantA'
  | 'contractorA'
  | 'managerB'
  | 'tenantB'
  | 'contractorB';
const SUBJECTS: SubjectName[] = [
  'admin',
  'managerA',
  'tenantA',
  'otherTenantA',
  'contractorA',
  'managerB',
  'tenantB',
  'contractorB',
];

function subjectUser(name: SubjectName): UserRow {
  return {
    admin: w.admin,
    managerA: w.a.manager,
    tenantA: w.a.tenant,
    otherTenantA: w.a.otherTenant,
    contractorA: w.a.contractor,
    managerB: w.b.manager,
    tenantB: w.b.tenant,
    contractorB: w.b.contractor,
  }[name];
}

/** Who each actor may see (GET users/{id}): everyone else answers 404. */
const VISIBLE: Record<ActorName, SubjectName[]> = {
  admin: SUBJECTS,
  managerA: ['managerA', 'tenantA', 'otherTenantA', 'contractorA'],
  managerB: ['managerB', 'tenantB', 'contractorB'],
  tenantA: ['tenantA'],
  // Itself and the tenant of a unit on the property it works on (not the tenant next door).
  contractorA: ['contractorA', 'tenantA'],
};

/** Whose edit form an actor may open (visible but not editable: 403). */
const EDITABLE: Record<ActorName, SubjectName[]> = {
  admin: SUBJECTS,
  managerA: ['tenantA', 'otherTenantA', 'contractorA'],
  managerB: ['tenantB', 'contractorB'],
  tenantA: [],
  contractorA: [],
};

/** The path type a subject is listed under. */
function typeOf(name: SubjectName): 'users' | 'tenants' | 'contractors' {
  if (name.startsWith('tenant') || name.startsWith('otherTenant')) return 'tenants';
  if (name.startsWith('contractor')) return 'contractors';
  return 'users';
}

const expectedStatus = (visible: boolean, allowed: boolean, ok = 200) =>
  !visible ? 404 : allowed ? ok : 403;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  clients = Object.fromEntries(
    await Promise.all(ACTORS.map(async (name) => [name, await signedIn(t, actorUser(name))] as const)),
  ) as Record<ActorName, TestClient>;
});
afterAll(() => t.close());

const ids = (response: { json(): { data: Array<{ id: number }> } }) =>
  response
    .json()
    .data.map((user) => user.id)
    .sort((x, y) => x - y);

describe('GET users/{id} and {type}/{id}', () => {
  const cases = ACTORS.flatMap((actor) => SUBJECTS.map((subject) => [actor, subject] as const));

  it.each(cases)('%s reading %s', async (actor, subject) => {
    const user = subjectUser(subject);
    const visible = VISIBLE[actor].includes(subject);
    const response = await clients[actor].get(`/api/users/${user.id}/`);
    expect(response.statusCode).toBe(visible ? 200 : 404);
    if (visible) {
      expect(response.json()).toMatchObject({ id: user.id, path: `/api/users/${user.id}/` });
      expect(response.body).not.toContain('password');
      expect(response.body).not.toContain('$argon2');
    } else expect(response.json()).toEqual({ code: 'not_found', message: en.errors.notFound });
    // The same under its own type; under another type it does not exist.
    const typed = await clients[actor].get(`/api/${typeOf(subject)}/${user.id}`);
    expect(typed.statusCode).toBe(visible ? 200 : 404);
    const wrongType = typeOf(subject) === 'tenants' ? 'contractors' : 'tenants';
    expect((await clients[actor].get(`/api/${wrongType}/${user.id}`)).statusCode).toBe(404);
  });

  it('answers 401 to a visitor and 404 for ids that name nobody', async () => {
    const visitor = await t.client();
    expect((await visitor.get(`/api/users/${w.a.tenant.id}`)).statusCode).toBe(401);
    expect((await clients.admin.get('/api/users/999999')).statusCode).toBe(404);
    expect((await clients.admin.get('/api/users/abc')).statusCode).toBe(404);
  });
});

describe('lists', () => {
  it('GET users: the super admin sees every role; nobody else may list it', async () => {
    const response = await clients.admin.get('/api/users?per_page=100');
    expect(response.statusCode).toBe(200);
    expect(ids(response)).toEqual(expect.arrayContaining(SUBJECTS.map((s) => subjectUser(s).id)));
    for (const actor of ['managerA', 'managerB', 'tenantA', 'contractorA'] as const) {
      expect((await clients[actor].get('/api/users')).statusCode).toBe(403);
    }
  });

  it('GET tenants: admin all; a manager its landlord only; a contractor its Tenant List; a tenant none', async () => {
    const all = [w.a.tenant, w.a.otherTenant, w.b.tenant, w.b.otherTenant]
      .map((u) => u.id)
      .sort((x, y) => x - y);
    expect(ids(await clients.admin.get('/api/tenants?per_page=100'))).toEqual(expect.arrayContaining(all));
    expect(ids(await clients.managerA.get('/api/tenants/?per_page=100'))).toEqual(
      [w.a.tenant.id, w.a.otherTenant.id].sort((x, y) => x - y),
    );
    expect(ids(await clients.managerB.get('/api/tenants?per_page=100'))).toEqual(
      [w.b.tenant.id, w.b.otherTenant.id].sort((x, y) => x - y),
    );
    expect(ids(await clients.contractorA.get('/api/tenants'))).toEqual([w.a.tenant.id]);
    expect((await clients.tenantA.get('/api/tenants')).statusCode).toBe(403);
  });

  it('GET contractors: admin all; a manager its landlord only; tenants and contractors may not', async () => {
    expect(ids(await clients.admin.get('/api/contractors?per_page=100'))).toEqual(
      expect.arrayContaining([w.a.contractor.id, w.b.contractor.id]),
    );
    expect(ids(await clients.managerA.get('/api/contractors'))).toEqual([w.a.contractor.id]);
    expect(ids(await clients.managerB.get('/api/contractors'))).toEqual([w.b.contractor.id]);
    expect((await clients.tenantA.get('/api/contractors')).statusCode).toBe(403);
    expect((await clients.contractorA.get('/api/contractors')).statusCode).toBe(403);
  });

  it("a manager's landlord filter cannot reach another landlord", async () => {
    const response = await clients.managerA.get(`/api/tenants?landlord_id=${w.b.landlord.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ data: [], meta: { total: 0 } });
    const search = await clients.managerA.get(`/api/tenants?search=${encodeURIComponent(w.b.tenant.email)}`);
    expect(search.json().data).toEqual([]);
  });

  it('CSV exports (issue 27): each list’s rule, and exactly its rows', async () => {
    const emailColumn = en.exports.columns.email;
    for (const type of ['users', 'tenants', 'contractors'] as const) {
      for (const actor of ACTORS) {
        const list = await clients[actor].get(`/api/${type}?per_page=100&sort=email&order=asc`);
        const file = await clients[actor].get(`/api/${type}/export.csv?sort=email&order=asc`);
        expect(file.statusCode, `${actor} ${type}`).toBe(list.statusCode);
        if (list.statusCode !== 200) {
          expect(file.json(), `${actor} ${type}`).toEqual(list.json());
          continue;
        }
        const lines = file.body
          .replace(/^\uFEFF/, '')
          .trimEnd()
          .split('\r\n');
        const index = lines[0].split(',').indexOf(emailColumn);
        const emails = lines.slice(1).map((line) => line.split(',')[index]);
        expect(emails, `${actor} ${type}`).toEqual(
          (list.json() as { data: Array<{ email: string }> }).data.map((user) => user.email),
        );
      }
    }
  });

  it('lists carry what the viewer may do to each user', async () => {
    const [tenant] = (await clients.managerA.get(`/api/tenants?search=${w.a.tenant.email}`)).json().data;
    expect(tenant).toMatchObject({ id: w.a.tenant.id, can: { update: true, delete: true } });
    const [seen] = (await clients.contractorA.get('/api/tenants')).json().data;
    expect(seen).toMatchObject({ id: w.a.tenant.id, can: { update: false, delete: false } });
  });
});

describe('GET {type}/{id}/edit and PATCH {type}/{id}', () => {
  const cases = ACTORS.flatMap((actor) => SUBJECTS.map((subject) => [actor, subject] as const));

  it.each(cases)('%s editing %s', async (actor, subject) => {
    const user = subjectUser(subject);
    const visible = VISIBLE[actor].includes(subject);
    const allowed = EDITABLE[actor].includes(subject);
    const type = typeOf(subject);
    const edit = await clients[actor].get(`/api/${type}/${user.id}/edit/`);
    expect(edit.statusCode).toBe(expectedStatus(visible, allowed));
    if (edit.statusCode !== 200) return;

    // Send the form back unchanged: the same answer decides the update.
    const form = edit.json();
    const body: Record<string, unknown> = {
      ...personFields(),
      first_name: form.first_name,
      last_name: form.last_name,
      email: form.email,
      landlord_id: form.landlord_id ?? '',
      unit_id: form.unit_id ?? '',
      property_ids: form.property_ids,
      category_ids: form.category_ids,
      _method: 'PATCH',
    };
    const patch = await clients[actor].post(`/api/${type}/${user.id}`, body);
    expect(patch.statusCode, patch.body).toBe(200);
    expect(patch.json().data).toMatchObject({
      id: user.id,
      email: form.email,
      landlord_id: form.landlord_id,
    });
  });

  it('refuses the update when the edit form is refused, with the same status', async () => {
    for (const actor of ACTORS) {
      for (const subject of SUBJECTS) {
        const visible = VISIBLE[actor].includes(subject);
        const allowed = EDITABLE[actor].includes(subject);
        if (allowed) continue;
        const user = subjectUser(subject);
        const response = await clients[actor].send('PATCH', `/api/users/${user.id}`, {
          ...personFields({ first_name: 'Hijacked' }),
          email: user.email,
        });
        expect(response.statusCode, `${actor} → ${subject}`).toBe(expectedStatus(visible, false));
      }
    }
    const [row] = await t.db.query.users.findMany({ where: (u, { eq }) => eq(u.firstName, 'Hijacked') });
    expect(row).toBeUndefined();
  });
});

describe('DELETE {type}/{id}', () => {
  /** A fresh subject of each kind, so every case deletes its own. */
  async function freshSubject(kind: SubjectName): Promise<UserRow> {
    const side = kind.endsWith('B') ? w.b : w.a;
    if (kind === 'admin') return createUser(t.db, { role: 0 });
    if (kind.startsWith('manager')) return createUser(t.db, { role: 1, landlordId: side.landlord.id });
    if (kind === 'otherTenantA') return createTenant(t.db, w.a.otherUnit, w.a.landlord.id);
    if (kind.startsWith('tenant')) return createTenant(t.db, side.unit, side.landlord.id);
    return createContractor(t.db, side.landlord.id, [side.property.id], []);
  }

  /** Visible and role number higher than the actor's (a manager: its landlord's people only). */
  const DELETABLE: Record<ActorName, SubjectName[]> = {
    admin: ['managerA', 'tenantA', 'otherTenantA', 'contractorA', 'managerB', 'tenantB', 'contractorB'],
    managerA: ['tenantA', 'otherTenantA', 'contractorA'],
    managerB: ['tenantB', 'contractorB'],
    tenantA: [],
    contractorA: [],
  };
  /** Who an actor sees among fresh users (never itself): a contractor sees new tenants of its property's unit. */
  const FRESH_VISIBLE: Record<ActorName, SubjectName[]> = {
    admin: SUBJECTS,
    managerA: ['tenantA', 'otherTenantA', 'contractorA'],
    managerB: ['tenantB', 'contractorB'],
    tenantA: [],
    contractorA: ['tenantA'],
  };
  const cases = ACTORS.flatMap((actor) => SUBJECTS.map((subject) => [actor, subject] as const));

  it.each(cases)('%s deleting a %s', async (actor, subject) => {
    const user = await freshSubject(subject);
    const visible = FRESH_VISIBLE[actor].includes(subject);
    const allowed = DELETABLE[actor].includes(subject);
    const response = await clients[actor].send('DELETE', `/api/${typeOf(subject)}/${user.id}/`);
    expect(response.statusCode, response.body).toBe(expectedStatus(visible, allowed));
    const still = await t.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, user.id) });
    expect(still === undefined).toBe(response.statusCode === 200);
    if (response.statusCode === 200) expect(response.json().message).toMatch(/has been deleted/);
  });

  it('nobody deletes itself, with a message saying so', async () => {
    for (const actor of ACTORS) {
      const self = actorUser(actor);
      const response = await clients[actor].post(`/api/users/${self.id}`, { _method: 'DELETE' });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ code: 'forbidden', message: en.people.cannotDeleteSelf });
    }
  });

  it('a super admin cannot delete another super admin (same role number)', async () => {
    const other = await createUser(t.db, { role: 0 });
    expect((await clients.admin.send('DELETE', `/api/users/${other.id}`)).statusCode).toBe(403);
  });
});

describe('POST {type} and GET {type}/create', () => {
  const tenantBody = (unitId: number, extra: Record<string, unknown> = {}) => ({
    ...personFields(),
    email: `new-${Math.random().toString(36).slice(2)}@example.test`,
    unit_id: unitId,
    ...extra,
  });

  it.each([
    ['admin', 'users', 200],
    ['admin', 'tenants', 200],
    ['admin', 'contractors', 200],
    ['managerA', 'users', 403],
    ['managerA', 'tenants', 200],
    ['managerA', 'contractors', 200],
    ['tenantA', 'tenants', 403],
    ['tenantA', 'contractors', 403],
    ['contractorA', 'tenants', 403],
    ['contractorA', 'users', 403],
  ] as const)('%s GET %s/create → %i', async (actor, type, status) => {
    expect((await clients[actor].get(`/api/${type}/create`)).statusCode).toBe(status);
  });

  it('a tenant or contractor cannot create anyone; a manager cannot use /users', async () => {
    expect((await clients.tenantA.post('/api/tenants', tenantBody(w.a.unit.id))).statusCode).toBe(403);
    expect((await clients.contractorA.post('/api/tenants', tenantBody(w.a.unit.id))).statusCode).toBe(403);
    const asUser = await clients.managerA.post('/api/users', {
      ...tenantBody(w.a.unit.id),
      role: 2,
    });
    expect(asUser.statusCode).toBe(403);
  });

  it("a manager's new tenant belongs to its landlord, whatever landlord the form names", async () => {
    const response = await clients.managerA.post(
      '/api/tenants',
      tenantBody(w.a.unit.id, { landlord_id: w.b.landlord.id }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({
      role: 2,
      landlord_id: w.a.landlord.id,
      unit_id: w.a.unit.id,
    });
  });

  it("a manager cannot place a tenant in another landlord's unit, nor a contractor on its property", async () => {
    const tenant = await clients.managerA.post('/api/tenants', tenantBody(w.b.unit.id));
    expect(tenant.statusCode).toBe(422);
    expect(tenant.json().errors).toEqual({ unit_id: [en.validation.unit] });
    const contractor = await clients.managerA.post('/api/contractors', {
      ...personFields(),
      email: 'cross@example.test',
      property_ids: [w.a.property.id, w.b.property.id],
      category_ids: [w.categories[0].id],
    });
    expect(contractor.statusCode).toBe(422);
    expect(contractor.json().errors).toEqual({ property_ids: [en.validation.property] });
  });

  it('a manager may give only the roles below its own, and only the type of the list', async () => {
    const manager = await clients.managerA.post('/api/tenants', tenantBody(w.a.unit.id, { role: 1 }));
    expect(manager.json().errors).toEqual({ role: [en.validation.role] });
    const contractor = await clients.managerA.post('/api/tenants', tenantBody(w.a.unit.id, { role: 3 }));
    expect(contractor.json().errors).toEqual({ role: [en.validation.role] });
    const form = (await clients.managerA.get('/api/tenants/create')).json();
    expect(form.roles).toEqual([{ value: 2, name: 'Tenant' }]);
    expect(
      (await clients.admin.get('/api/users/create')).json().roles.map((r: { value: number }) => r.value),
    ).toEqual([0, 1, 2, 3]);
  });
});

describe('PATCH users/{id}/avatar and POST users/batch/tenants', () => {
  const png = async () => {
    const sharp = (await import('sharp')).default;
    return new Blob([
      new Uint8Array(
        await sharp({ create: { width: 8, height: 8, channels: 3, background: '#369' } })
          .png()
          .toBuffer(),
      ),
    ]);
  };

  it.each([
    ['admin', 'tenantA', 200],
    ['managerA', 'tenantA', 200],
    ['managerA', 'tenantB', 404],
    ['managerB', 'tenantA', 404],
    ['tenantA', 'contractorA', 404],
    ['contractorA', 'tenantA', 403],
    ['tenantA', 'tenantA', 200],
    ['contractorA', 'contractorA', 200],
    ['managerA', 'managerA', 200],
  ] as const)('%s changing the avatar of %s → %i', async (actor, subject, status) => {
    const response = await clients[actor].send('PATCH', `/api/users/${subjectUser(subject).id}/avatar`, {
      avatar: await png(),
    });
    expect(response.statusCode, response.body).toBe(status);
  });

  it('only the super admin may batch create', async () => {
    for (const actor of ['managerA', 'managerB', 'tenantA', 'contractorA'] as const) {
      const response = await clients[actor].post('/api/users/batch/tenants', { users: ',3,Bob,Ray' });
      expect(response.statusCode).toBe(403);
    }
    const ok = await clients.admin.post('/api/users/batch/tenants', { users: ',3,Bob,Ray' });
    expect(ok.statusCode).toBe(201);
  });
});
