/** Records for the landlords/properties/units/categories API tests, plus image and upload-folder helpers. */
import { type Dirent, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Db } from '../../src/db/client';
import {
  type CategoryAttributeRow,
  categoryAttributes,
  contractorProperties,
  type TicketRow,
  ticketCategories,
  ticketRecipients,
  tickets,
  type UnitRow,
  type UserRow,
  unitCategories,
} from '../../src/db/schema';
import type { TestApp, TestClient } from './app';
import { createUser, TEST_PASSWORD } from './factories';

let counter = 0;

/** A contractor (role 3) of a landlord, working on the given properties. */
export async function createContractor(
  db: Db,
  landlordId: number,
  propertyIds: number[],
  email?: string,
): Promise<UserRow> {
  const user = await createUser(db, { role: 3, landlordId, email });
  for (const propertyId of propertyIds) await linkContractor(db, user.id, propertyId);
  return user;
}

export async function linkContractor(db: Db, userId: number, propertyId: number): Promise<void> {
  await db.insert(contractorProperties).values({ userId, propertyId });
}

export async function setUnitCategories(db: Db, unitId: number, categoryIds: number[]): Promise<void> {
  if (categoryIds.length > 0) {
    await db.insert(unitCategories).values(categoryIds.map((categoryId) => ({ unitId, categoryId })));
  }
}

export async function addCategoryAttribute(
  db: Db,
  categoryId: number,
  label: string,
  position = 0,
): Promise<CategoryAttributeRow> {
  const [row] = await db
    .insert(categoryAttributes)
    .values({ categoryId, label, format: 'text', value: `${label} value`, position })
    .returning();
  return row;
}

/** A ticket on a unit, optionally with categories and routed to some users. */
export async function createTicket(
  db: Db,
  unit: UnitRow,
  options: {
    title?: string;
    status?: number;
    tenantId?: number | null;
    categoryIds?: number[];
    recipients?: number[];
    createdAt?: Date;
  } = {},
): Promise<TicketRow> {
  const [row] = await db
    .insert(tickets)
    .values({
      unitId: unit.id,
      propertyId: unit.propertyId,
      tenantId: options.tenantId ?? null,
      title: options.title ?? `Ticket ${++counter}`,
      description: 'Something is broken',
      status: options.status ?? 0,
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
    })
    .returning();
  for (const categoryId of options.categoryIds ?? []) {
    await db.insert(ticketCategories).values({ ticketId: row.id, categoryId });
  }
  for (const userId of options.recipients ?? []) {
    await db.insert(ticketRecipients).values({ ticketId: row.id, userId, ticketCreatedAt: row.createdAt });
  }
  return row;
}

const canvas = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 60, b: 40 } } });

/** EXIF with a copyright and a GPS position: what re-encoding must strip. */
const EXIF = {
  IFD0: { Copyright: 'Secret Owner', Artist: 'Someone' },
  IFD3: {
    GPSLatitudeRef: 'N',
    GPSLatitude: '53/1 32/1 0/1',
    GPSLongitudeRef: 'W',
    GPSLongitude: '113/1 29/1 0/1',
  },
};

export async function pngWithExif(): Promise<Buffer> {
  return canvas().withExif(EXIF).png().toBuffer();
}

export async function jpegWithExif(): Promise<Buffer> {
  return canvas().withExif(EXIF).jpeg().toBuffer();
}

export function imageFile(data: Buffer, name: string, type: string): File {
  return new File([new Uint8Array(data)], name, { type });
}

/** Every stored file below a folder, as sorted relative paths (none when the folder does not exist). */
export function storedFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (folder: string) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else found.push(path.relative(root, full));
    }
  };
  walk(root);
  return found.sort();
}

/** A client signed in as the user with this email. */
export async function signedIn(t: TestApp, email: string): Promise<TestClient> {
  const client = await t.client();
  const response = await client.login(email, TEST_PASSWORD);
  if (response.statusCode !== 200) throw new Error(`sign-in failed for ${email}: ${response.body}`);
  return client;
}

/** The storage key of an `/uploads/...` URL. */
export function keyOf(url: string | null): string {
  if (!url?.startsWith('/uploads/')) throw new Error(`not an upload URL: ${url}`);
  return url.slice('/uploads/'.length);
}
