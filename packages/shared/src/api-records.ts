/**
 * JSON shapes of the records API: landlords, properties, units and categories (SPEC.md sections 3 and 7).
 * Every `path` ends with a slash (`/api/units/5/`); every `created_at_timestamp` is in seconds.
 * Lists answer `ListResponse<T>` with `meta` always present; deletes answer `MessageResponse`.
 * Each type is derived from its zod schema in ./responses/records.ts (the one definition, with the field docs);
 * importing the types only keeps zod out of the web bundle.
 */
import type { z } from 'zod';
import type {
  apiCategoryAttributeSchema,
  apiCategorySchema,
  apiCategorySummarySchema,
  apiLandlordEditSchema,
  apiLandlordFormOptionsSchema,
  apiLandlordListRowSchema,
  apiLandlordLogoSchema,
  apiLandlordOwnerSchema,
  apiLandlordSchema,
  apiLandlordUserOptionSchema,
  apiLandlordUserSchema,
  apiPropertyEditSchema,
  apiPropertyFormOptionsSchema,
  apiPropertyListRowSchema,
  apiPropertySchema,
  apiPropertyUserSchema,
  apiRecordRefSchema,
  apiUnitEditSchema,
  apiUnitFormOptionsSchema,
  apiUnitPropertySchema,
  apiUnitSchema,
  apiUnitTenantSchema,
  apiUnitTicketSchema,
} from './responses/records';

export type ApiRecordRef = z.output<typeof apiRecordRefSchema>;

// Landlords
export type ApiLandlordUser = z.output<typeof apiLandlordUserSchema>;
export type ApiLandlord = z.output<typeof apiLandlordSchema>;
export type ApiLandlordListRow = z.output<typeof apiLandlordListRowSchema>;
export type ApiLandlordUserOption = z.output<typeof apiLandlordUserOptionSchema>;
export type ApiLandlordFormOptions = z.output<typeof apiLandlordFormOptionsSchema>;
export type ApiLandlordEdit = z.output<typeof apiLandlordEditSchema>;
export type ApiLandlordLogo = z.output<typeof apiLandlordLogoSchema>;
export type ApiLandlordOwner = z.output<typeof apiLandlordOwnerSchema>;

// Properties
export type ApiPropertyUser = z.output<typeof apiPropertyUserSchema>;
export type ApiProperty = z.output<typeof apiPropertySchema>;
export type ApiPropertyListRow = z.output<typeof apiPropertyListRowSchema>;
export type ApiPropertyFormOptions = z.output<typeof apiPropertyFormOptionsSchema>;
export type ApiPropertyEdit = z.output<typeof apiPropertyEditSchema>;

// Units
export type ApiUnitTenant = z.output<typeof apiUnitTenantSchema>;
export type ApiUnitTicket = z.output<typeof apiUnitTicketSchema>;
export type ApiUnitProperty = z.output<typeof apiUnitPropertySchema>;
export type ApiCategorySummary = z.output<typeof apiCategorySummarySchema>;
export type ApiUnit = z.output<typeof apiUnitSchema>;
export type ApiUnitFormOptions = z.output<typeof apiUnitFormOptionsSchema>;
export type ApiUnitEdit = z.output<typeof apiUnitEditSchema>;

// Categories
export type ApiCategoryAttribute = z.output<typeof apiCategoryAttributeSchema>;
export type ApiCategory = z.output<typeof apiCategorySchema>;
