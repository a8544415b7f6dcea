/** API shapes of landlords (SPEC.md section 3). */
import {
  type ApiLandlord,
  type ApiLandlordLogo,
  type ApiLandlordUser,
  type ApiLandlordUserOption,
  type ApiRecordRef,
  roleName,
} from '@mend/shared';
import type { LandlordRow } from '../../db/schema';
import type { Person } from '../../lib/record-helpers';
import { fileUrl } from '../../lib/storage-urls';
import { displayName, shownEmail, toSeconds } from '../users/serialize';

export const landlordPath = (id: number) => `/api/landlords/${id}/`;

/** What a landlord's record shows of each member. */
export type LandlordMember = Pick<Person, 'id' | 'firstName' | 'lastName' | 'companyName' | 'email' | 'role'>;

export function serializeLandlordUser(person: LandlordMember): ApiLandlordUser {
  return {
    id: person.id,
    name: displayName(person),
    company_name: person.companyName,
    role_name: roleName(person.role),
  };
}

export function serializeLandlordUserOption(person: Person): ApiLandlordUserOption {
  // Object.assign rather than a spread followed by properties (slow in Node 20's V8; see serializeUserRecord).
  return Object.assign(serializeLandlordUser(person), {
    role: person.role,
    email: shownEmail(person.email),
    landlord_id: person.landlordId,
  });
}

export function serializeLandlord(
  landlord: LandlordRow,
  properties: ApiRecordRef[],
  members: LandlordMember[],
): ApiLandlord {
  return {
    id: landlord.id,
    name: landlord.name,
    description: landlord.description,
    avatar: fileUrl(landlord.avatar),
    user_ids: members.map((member) => member.id),
    properties,
    users: members.map(serializeLandlordUser),
    path: landlordPath(landlord.id),
    created_at_timestamp: toSeconds(landlord.createdAt),
  };
}

export function serializeLandlordLogo(
  landlord: Pick<LandlordRow, 'id' | 'name' | 'avatar'>,
): ApiLandlordLogo {
  return { id: landlord.id, name: landlord.name, avatar: fileUrl(landlord.avatar) };
}
