/** API shapes of landlords (SPEC.md section 3). */
import {
  type ApiLandlord,
  type ApiLandlordListRow,
  type ApiLandlordLogo,
  type ApiLandlordOwner,
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

/** What a landlord's record and its list row share: its own fields. */
function landlordFields(landlord: LandlordRow) {
  return {
    id: landlord.id,
    name: landlord.name,
    description: landlord.description,
    avatar: fileUrl(landlord.avatar),
    path: landlordPath(landlord.id),
    created_at_timestamp: toSeconds(landlord.createdAt),
    assignment_response_hours: landlord.assignmentResponseHours,
    normal_response_hours: landlord.normalResponseHours,
    normal_resolution_hours: landlord.normalResolutionHours,
    high_response_hours: landlord.highResponseHours,
    high_resolution_hours: landlord.highResolutionHours,
    currency: landlord.currency,
    approval_limit_cents: landlord.approvalLimitCents,
  };
}

export function serializeLandlord(
  landlord: LandlordRow,
  properties: ApiRecordRef[],
  members: LandlordMember[],
  owners: ApiLandlordOwner[],
): ApiLandlord {
  return Object.assign(landlordFields(landlord), {
    user_ids: members.map((member) => member.id),
    properties,
    users: members.map(serializeLandlordUser),
    owners,
  });
}

/** A landlord in its list (ADR 0024): how many properties and users, not the lists. */
export function serializeLandlordListRow(
  landlord: LandlordRow,
  propertyCount: number,
  userCount: number,
): ApiLandlordListRow {
  return Object.assign(landlordFields(landlord), { property_count: propertyCount, user_count: userCount });
}

export function serializeLandlordLogo(
  landlord: Pick<LandlordRow, 'id' | 'name' | 'avatar'>,
): ApiLandlordLogo {
  return { id: landlord.id, name: landlord.name, avatar: fileUrl(landlord.avatar) };
}
