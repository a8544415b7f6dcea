/** API shape of units (SPEC.md section 3). */
import {
  type ApiCategorySummary,
  type ApiUnit,
  type ApiUnitProperty,
  type ApiUnitTenant,
  type ApiUnitTicket,
  statusText,
} from '@mend/shared';
import type { UnitRow } from '../../db/schema';
import type { Person } from '../../lib/record-helpers';
import { fileUrl } from '../../lib/storage-urls';
import { displayName, shownEmail, toSeconds } from '../users/serialize';

export const unitPath = (id: number) => `/api/units/${id}/`;

/** What a unit shows of each tenant. */
export type UnitTenant = Pick<
  Person,
  'id' | 'firstName' | 'lastName' | 'companyName' | 'email' | 'phoneNumber' | 'avatar'
>;

export function serializeUnitTenant(person: UnitTenant): ApiUnitTenant {
  return {
    id: person.id,
    company_name: person.companyName,
    name: displayName(person),
    email: shownEmail(person.email),
    phone_number: person.phoneNumber,
    avatar: fileUrl(person.avatar),
  };
}

export function serializeUnitTicket(ticket: { id: number; title: string; status: number }): ApiUnitTicket {
  return {
    id: ticket.id,
    title: ticket.title,
    status: ticket.status,
    status_text: statusText(ticket.status),
  };
}

export function serializeUnit(
  unit: Omit<UnitRow, 'searchText'>,
  property: ApiUnitProperty,
  timeZone: string,
  tenants: UnitTenant[],
  tickets: ApiUnitTicket[],
  categories: ApiCategorySummary[],
): ApiUnit {
  const users = tenants.map(serializeUnitTenant);
  return {
    id: unit.id,
    name: unit.name,
    description: unit.description,
    gmaps_url: unit.gmapsUrl,
    postal_code: unit.postalCode,
    address: unit.address,
    avatar: fileUrl(unit.avatar),
    property_id: unit.propertyId,
    property,
    time_zone: timeZone,
    tenant: users[0] ?? null,
    users,
    tickets,
    category_ids: categories.map((category) => category.id),
    categories,
    path: unitPath(unit.id),
    created_at_timestamp: toSeconds(unit.createdAt),
  };
}
