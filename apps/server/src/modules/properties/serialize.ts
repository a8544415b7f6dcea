/** API shape of properties (SPEC.md section 3). */
import {
  type ApiProperty,
  type ApiPropertyListRow,
  type ApiPropertyUser,
  type ApiRecordRef,
  roleName,
} from '@mend/shared';
import type { PropertyRow } from '../../db/schema';
import type { Person } from '../../lib/record-helpers';
import { fileUrl } from '../../lib/storage-urls';
import { displayName, toSeconds } from '../users/serialize';

export const propertyPath = (id: number) => `/api/properties/${id}/`;

/** What a property's record shows of a person: its id, shown name and role. */
export type PropertyPerson = Pick<Person, 'id' | 'firstName' | 'lastName' | 'companyName' | 'email' | 'role'>;

export function serializePropertyUser(person: PropertyPerson): ApiPropertyUser {
  return { id: person.id, name: displayName(person), role_name: roleName(person.role) };
}

/** What a property's record and its list row share: its own fields and its landlord. */
function propertyFields(property: Omit<PropertyRow, 'searchText'>, landlord: ApiRecordRef) {
  return {
    id: property.id,
    name: property.name,
    description: property.description,
    avatar: fileUrl(property.avatar),
    gmaps_url: property.gmapsUrl,
    country: property.country,
    province: property.province,
    city: property.city,
    postal_code: property.postalCode,
    address: property.address,
    time_zone: property.timeZone,
    landlord_id: property.landlordId,
    landlord,
    path: propertyPath(property.id),
    created_at_timestamp: toSeconds(property.createdAt),
  };
}

export function serializeProperty(
  property: Omit<PropertyRow, 'searchText'>,
  landlord: ApiRecordRef,
  units: ApiRecordRef[],
  people: PropertyPerson[],
): ApiProperty {
  return Object.assign(propertyFields(property, landlord), {
    units,
    users: people.map(serializePropertyUser),
  });
}

/** A property in its list (ADR 0024): how many units, not the units and people. */
export function serializePropertyListRow(
  property: Omit<PropertyRow, 'searchText'>,
  landlord: ApiRecordRef,
  unitCount: number,
): ApiPropertyListRow {
  return Object.assign(propertyFields(property, landlord), { unit_count: unitCount });
}
