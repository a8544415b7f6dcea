/** API shape of properties (SPEC.md section 3). */
import { type ApiProperty, type ApiPropertyUser, type ApiRecordRef, roleName } from '@mend/shared';
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

export function serializeProperty(
  property: Omit<PropertyRow, 'searchText'>,
  landlord: ApiRecordRef,
  units: ApiRecordRef[],
  people: PropertyPerson[],
): ApiProperty {
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
    landlord_id: property.landlordId,
    landlord,
    units,
    users: people.map(serializePropertyUser),
    path: propertyPath(property.id),
    created_at_timestamp: toSeconds(property.createdAt),
  };
}
