/** Records for the ticket tests: a small world of two landlords, their people and tickets, and sample files. */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { NotificationOptions, Role } from '@mend/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../../src/db/client';
import {
  type CategoryRow,
  contractorCategories,
  contractorProperties,
  DEFAULT_NOTIFICATION_OPTIONS,
  type LandlordRow,
  type PropertyRow,
  type TicketRow,
  tenantUnits,
  ticketAssignments,
  ticketCategories,
  ticketLog,
  ticketRecipients,
  tickets,
  type UnitRow,
  type UserRow,
  unitCategories,
  users,
} from '../../src/db/schema';
import type { TestApp, TestClient } from './app';
import {
  createCategory,
  createLandlord,
  createProperty,
  createUnit,
  createUser,
  TEST_PASSWORD,
} from './factories';

let counter = 0;

/** A user with a real name (log entries and searches read names) and optional notification options. */
export async function createPerson(
  db: Db,
  role: Role,
  landlordId: number | null,
  firstName: string,
  lastName: string,
  extra: Partial<Pick<UserRow, 'companyName' | 'notificationOptions' | 'email'>> = {},
): Promise<UserRow> {
  const user = await createUser(db, {
    role,
    landlordId,
    email: extra.email ?? `${firstName}.${lastName}.${++counter}@example.test`.toLowerCase(),
  });
  const [row] = await db
    .update(users)
    .set({
      firstName,
      lastName,
      companyName: extra.companyName ?? '',
      notificationOptions: extra.notificationOptions ?? DEFAULT_NOTIFICATION_OPTIONS,
    })
    .where(eq(users.id, user.id))
    .returning();
  return row;
}

/** Every channel on, with numbers. */
export const ALL_CHANNELS: NotificationOptions = {
  mail: { tickets: true, reminders: false, support: false },
  sms: { phone_number: '780 555 0199', tickets: true, reminders: false, support: false },
  phone: { phone_number: '780 555 0198', tickets: true },
};

export async function createContractor(
  db: Db,
  landlordId: number,
  name: [string, string],
  propertyIds: number[],
  categoryIds: number[],
  notificationOptions?: NotificationOptions,
): Promise<UserRow> {
  const user = await createPerson(db, 3, landlordId, name[0], name[1], { notificationOptions });
  if (propertyIds.length > 0)
    await db
      .insert(contractorProperties)
      .values(propertyIds.map((propertyId) => ({ userId: user.id, propertyId })));
  if (categoryIds.length > 0)
    await db
      .insert(contractorCategories)
      .values(categoryIds.map((categoryId) => ({ userId: user.id, categoryId })));
  return user;
}

export async function createTenantIn(db: Db, unit: UnitRow, landlordId: number, name: [string, string]) {
  const user = await createPerson(db, 2, landlordId, name[0], name[1]);
  await db.insert(tenantUnits).values({ userId: user.id, unitId: unit.id });
  return user;
}

export interface LandlordWorld {
  landlord: LandlordRow;
  property: PropertyRow;
  /** A second property of the same landlord. */
  property2: PropertyRow;
  /** On `property`, no unit categories (every category offered). */
  unit: UnitRow;
  /** On `property`, offers plumbing and electrical only. */
  limitedUnit: UnitRow;
  /** On `property2`. */
  unit2: UnitRow;
  manager: UserRow;
  tenant: UserRow;
  tenant2: UserRow;
  /** Plumbing on `property`, every channel on. */
  plumber: UserRow;
  /** Electrical on `property`, every channel off. */
  electrician: UserRow;
  /** Plumbing on `property2` only. */
  plumber2: UserRow;
}

export interface World {
  admin: UserRow;
  plumbing: CategoryRow;
  electrical: CategoryRow;
  roofing: CategoryRow;
  north: LandlordWorld;
  south: LandlordWorld;
}

async function landlordWorld(
  db: Db,
  prefix: string,
  names: string[],
  categories: { plumbing: CategoryRow; electrical: CategoryRow },
): Promise<LandlordWorld> {
  const landlord = await createLandlord(db, `${prefix} Landlord`);
  const property = await createProperty(db, landlord.id, `${prefix} Towers`);
  const property2 = await createProperty(db, landlord.id, `${prefix} Gardens`);
  const unit = await createUnit(db, property.id, `${prefix} 101`);
  const limitedUnit = await createUnit(db, property.id, `${prefix} 102`);
  await db.insert(unitCategories).values([
    { unitId: limitedUnit.id, categoryId: categories.plumbing.id },
    { unitId: limitedUnit.id, categoryId: categories.electrical.id },
  ]);
  const unit2 = await createUnit(db, property2.id, `${prefix} G1`);
  const [m, t, t2, p, e, p2] = names;
  return {
    landlord,
    property,
    property2,
    unit,
    limitedUnit,
    unit2,
    manager: await createPerson(db, 1, landlord.id, m, 'Manager', { notificationOptions: ALL_CHANNELS }),
    tenant: await createTenantIn(db, unit, landlord.id, [t, 'Tenant']),
    tenant2: await createTenantIn(db, unit2, landlord.id, [t2, 'Tenant']),
    plumber: await createContractor(
      db,
      landlord.id,
      [p, 'Plumber'],
      [property.id],
      [categories.plumbing.id],
      ALL_CHANNELS,
    ),
    electrician: await createContractor(
      db,
      landlord.id,
      [e, 'Electrician'],
      [property.id],
      [categories.electrical.id],
    ),
    plumber2: await createContractor(
      db,
      landlord.id,
      [p2, 'Plumber'],
      [property2.id],
      [categories.plumbing.id],
    ),
  };
}

export async function createWorld(db: Db): Promise<World> {
  const admin = await createPerson(db, 0, null, 'Avery', 'Admin');
  const plumbing = await createCategory(db, 'Plumbing');
  const electrical = await createCategory(db, 'Electrical');
  const roofing = await createCategory(db, 'Roofing');
  const north = await landlordWorld(db, 'North', ['Olivia', 'Jane', 'Amir', 'Marco', 'Priya', 'Paolo'], {
    plumbing,
    electrical,
  });
  const south = await landlordWorld(db, 'South', ['Daniel', 'Ethan', 'Isabelle', 'Jacob', 'Leah', 'Luca'], {
    plumbing,
    electrical,
  });
  return { admin, plumbing, electrical, roofing, north, south };
}

/** A ticket written straight into the database (for lists and visibility), routed to `recipients`. */
export async function insertTicket(
  db: Db,
  values: {
    unit: UnitRow;
    tenant?: UserRow | null;
    createdBy?: UserRow | null;
    title?: string;
    description?: string;
    status?: number;
    priority?: number;
    category?: CategoryRow;
    recipients?: UserRow[];
    createdAt?: Date;
  },
): Promise<TicketRow> {
  const n = ++counter;
  const createdAt = values.createdAt ?? new Date();
  const [row] = await db
    .insert(tickets)
    .values({
      unitId: values.unit.id,
      propertyId: values.unit.propertyId,
      tenantId: values.tenant === undefined ? null : (values.tenant?.id ?? null),
      createdBy: values.createdBy?.id ?? values.tenant?.id ?? null,
      title: values.title ?? `Ticket ${n}`,
      description: values.description ?? `Description of ticket ${n}`,
      status: values.status ?? 0,
      priority: values.priority ?? 0,
      contactFirstName: 'Contact',
      contactLastName: `Person ${n}`,
      contactEmail: `contact${n}@example.test`,
      contactPhoneNumber: '780 555 0100',
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  if (values.category)
    await db.insert(ticketCategories).values({ ticketId: row.id, categoryId: values.category.id });
  if (values.recipients?.length)
    await db.insert(ticketRecipients).values(
      values.recipients.map((user) => ({
        ticketId: row.id,
        userId: user.id,
        ticketCreatedAt: row.createdAt,
      })),
    );
  await db.insert(ticketLog).values({
    ticketId: row.id,
    userId: row.createdBy,
    action: 'created',
    description: 'Ticket created',
    createdAt,
  });
  return row;
}

const signedIn = new WeakMap<TestApp, Map<number, TestClient>>();

/** A signed-in client for a user created by the factories (one per user and app: signing in hashes). */
/**
 * Gives `contractorId` the ticket's job, accepted (issue 25), as the app leaves it: the assignment row, and the
 * recipient row that lets the contractor see the ticket and list it first (one the routing had not chosen gets its own).
 */
export async function acceptJob(
  db: Db,
  ticket: Pick<TicketRow, 'id' | 'createdAt'>,
  contractorId: number,
  assignedBy: number,
): Promise<void> {
  const now = new Date();
  await db.insert(ticketAssignments).values({
    ticketId: ticket.id,
    contractorId,
    state: 'accepted',
    assignedBy,
    assignedAt: now,
    respondBy: new Date(now.getTime() + 48 * 3600_000),
    answeredAt: now,
  });
  await db
    .insert(ticketRecipients)
    .values({
      ticketId: ticket.id,
      userId: contractorId,
      ticketCreatedAt: ticket.createdAt,
      assigned: true,
      routed: false,
    })
    .onConflictDoUpdate({
      target: [ticketRecipients.ticketId, ticketRecipients.userId],
      set: { assigned: true },
    });
}

export async function clientFor(t: TestApp, user: UserRow): Promise<TestClient> {
  const cache = signedIn.get(t) ?? new Map<number, TestClient>();
  signedIn.set(t, cache);
  const cached = cache.get(user.id);
  if (cached) return cached;
  const client = await freshClientFor(t, user);
  cache.set(user.id, client);
  return client;
}

/** A new signed-in client (its own session). */
export async function freshClientFor(t: TestApp, user: UserRow): Promise<TestClient> {
  const client = await t.client();
  const response = await client.login(user.email, TEST_PASSWORD);
  if (response.statusCode !== 200) throw new Error(`login failed for ${user.email}: ${response.body}`);
  return client;
}

const HOUR = 3600;

/** An availability range tomorrow (UTC) from `fromHour` for `hours` hours, in seconds. */
export function tomorrowRange(fromHour = 15, hours = 1): { start: number; end: number } {
  const today = Math.floor(Date.now() / 1000 / 86400) * 86400;
  const start = today + 86400 + fromHour * HOUR;
  return { start, end: start + hours * HOUR };
}

/** A valid ticket form (multipart: nested objects become `name[key]`, arrays `name[]`). */
export function ticketForm(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const range = tomorrowRange();
  return {
    contact_details: {
      first_name: 'Jane',
      last_name: 'Morrison',
      email: 'jane@example.test',
      phone_number: '780 555 0101',
    },
    title: 'Leaking kitchen faucet',
    description: 'Drips all night.\nPlease fix.',
    priority: 0,
    'availability[0][start]': range.start,
    'availability[0][end]': range.end,
    ...overrides,
  };
}

/** A valid form for a ticket of a whole property (issue 26): no unit, the property named instead. */
export function wholePropertyForm(
  propertyId: number,
  categoryId: number,
  title: string,
): Record<string, unknown> {
  return ticketForm({ unit_id: '', property_id: propertyId, category_id: categoryId, title });
}

// ---------------------------------------------------------------------------------------------------------
// Files

/** A real JPEG carrying EXIF with a camera model and a GPS position. */
export async function jpegWithGps(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'Mend Test Camera', Model: 'Leaky 3000' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '53/1 32/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '113/1 29/1 0/1',
      },
    })
    .toBuffer();
}

export async function pngImage(width = 40, height = 30): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 0, g: 120, b: 200, alpha: 1 } } })
    .png()
    .toBuffer();
}

export async function gifImage(): Promise<Buffer> {
  return sharp({ create: { width: 20, height: 20, channels: 3, background: { r: 0, g: 200, b: 0 } } })
    .gif()
    .toBuffer();
}

/** A minimal but well-formed PDF. */
export function pdfFile(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
      '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );
}

export function file(data: Buffer, name: string, type = 'application/octet-stream'): File {
  return new File([new Uint8Array(data)], name, { type });
}

/** Every file under a folder (relative paths), or [] when it does not exist. */
export function filesUnder(folder: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    let entries: string[];
    try {
      entries = readdirSync(dir);
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) walk(full);
      else found.push(path.relative(folder, full));
    }
  };
  walk(folder);
  return found.sort();
}
