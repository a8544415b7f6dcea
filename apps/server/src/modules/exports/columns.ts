/**
 * The columns of each list's CSV file (issue 27): what its screen's table shows, as text a spreadsheet reads (status
 * and priority as their names, moments as ISO 8601 in UTC, money as a number beside its currency), headed by the
 * dictionary's names (`en.exports.columns`). Each is read from the row as the list answers it, so a column the
 * answer leaves out for a viewer (a tenant's due times, a contractor's costs) is empty for that viewer anyway; the
 * same rules of `can()` that the screens follow leave the column itself out too.
 */
import {
  type Actor,
  type ApiContactSubmission,
  type ApiPropertyListRow,
  type ApiTicketSummary,
  type ApiUnit,
  type ApiUserRecord,
  type CsvCell,
  can,
  en,
  type UserType,
} from '@mend/shared';

const C = en.exports.columns;

/** One column of a file: its header, and its cell of a row. */
export interface CsvColumn<T> {
  header: string;
  cell(row: T): CsvCell;
}

const column = <T>(header: string, cell: (row: T) => CsvCell): CsvColumn<T> => ({ header, cell });

/** Columns only for a viewer allowed them. */
const when = <T>(allowed: boolean, columns: CsvColumn<T>[]): CsvColumn<T>[] => (allowed ? columns : []);

/** A moment the API gives in seconds, as ISO 8601 in UTC. */
const isoOf = (seconds: number | null | undefined): string | null =>
  seconds === null || seconds === undefined ? null : new Date(seconds * 1000).toISOString();

/** Whole cents as an amount (a number: a spreadsheet sums it). */
const amountOf = (cents: number | null | undefined): number | null =>
  cents === null || cents === undefined ? null : cents / 100;

/**
 * Tickets (TicketColumns.tsx): number, title, priority, status, tenant, property, unit, the next due time (all but
 * tenants), the latest estimate and invoice (staff), the assigned contractor and its answer, category, created.
 */
export function ticketColumns(viewer: Actor): CsvColumn<ApiTicketSummary>[] {
  return [
    column(C.id, (ticket) => `#${ticket.visible_id}`),
    column(C.title, (ticket) => ticket.title),
    column(C.priority, (ticket) => ticket.priority_text),
    column(C.status, (ticket) => ticket.status_text),
    column(C.tenant, (ticket) => ticket.tenant_name),
    column(C.property, (ticket) => ticket.property_name),
    column(C.unit, (ticket) => ticket.unit.name),
    ...when(can(viewer, 'ticket.viewDue'), [
      column<ApiTicketSummary>(C.due, (ticket) => isoOf(ticket.due?.next_timestamp)),
    ]),
    ...when(can(viewer, 'cost.viewTotals'), [
      column<ApiTicketSummary>(C.estimate, (ticket) => amountOf(ticket.cost_totals?.estimate_cents)),
      column<ApiTicketSummary>(C.invoice, (ticket) => amountOf(ticket.cost_totals?.invoice_cents)),
      column<ApiTicketSummary>(C.currency, (ticket) => ticket.cost_totals?.currency),
    ]),
    column(C.assignedTo, (ticket) => ticket.assignee?.name),
    column(C.assignment, (ticket) => ticket.assignee?.state_text),
    column(C.category, (ticket) => ticket.categories.map((category) => category.title).join(', ')),
    column(C.created, (ticket) => ticket.created_at),
  ];
}

/** Properties (PropertiesPage.tsx): name, address, landlord (the super admin), city, province, units, created. */
export function propertyColumns(viewer: Actor): CsvColumn<ApiPropertyListRow>[] {
  return [
    column(C.name, (property) => property.name),
    column(C.address, (property) => property.address),
    ...when(can(viewer, 'property.viewLandlord'), [
      column<ApiPropertyListRow>(C.landlord, (property) => property.landlord?.name),
    ]),
    column(C.city, (property) => property.city),
    column(C.province, (property) => property.province),
    column(C.units, (property) => property.unit_count),
    column(C.created, (property) => isoOf(property.created_at_timestamp)),
  ];
}

/** Units (UnitsPage.tsx): name, address, property (staff), tenant (its company, else its name), created. */
export function unitColumns(viewer: Actor): CsvColumn<ApiUnit>[] {
  return [
    column(C.name, (unit) => unit.name),
    column(C.address, (unit) => unit.address),
    ...when(can(viewer, 'unit.viewProperty'), [column<ApiUnit>(C.property, (unit) => unit.property?.name)]),
    column(C.tenant, (unit) => (unit.tenant ? unit.tenant.company_name || unit.tenant.name : null)),
    column(C.created, (unit) => isoOf(unit.created_at_timestamp)),
  ];
}

/**
 * People (UsersPage.tsx): name, company, email (none for a temporary account) and username, role (the super admin),
 * then a tenant's unit, a contractor's categories or a user's landlord, created.
 */
export function userColumns(viewer: Actor, type: UserType): CsvColumn<ApiUserRecord>[] {
  const linked =
    type === 'tenants'
      ? column<ApiUserRecord>(C.unit, (user) => user.units[0]?.name)
      : type === 'contractors'
        ? column<ApiUserRecord>(C.categories, (user) =>
            user.categories.map((category) => category.title).join(', '),
          )
        : column<ApiUserRecord>(C.landlord, (user) => user.landlord?.name);
  return [
    column(C.name, (user) => user.name || user.username),
    column(C.company, (user) => user.company_name),
    column(C.email, (user) => user.email),
    column(C.username, (user) => user.username),
    ...when(can(viewer, 'user.viewRoleColumn'), [column<ApiUserRecord>(C.role, (user) => user.role_name)]),
    linked,
    column(C.created, (user) => isoOf(user.created_at_timestamp)),
  ];
}

/** The sender's name as the contact list shows it: names, else company, else email. */
const senderName = ({ meta }: ApiContactSubmission) =>
  `${meta.first_name} ${meta.last_name}`.trim() || meta.company_name || meta.email;

/** Contact messages (ContactPage.tsx): subject, from (with company, email and phone), the message, created. */
export function contactColumns(): CsvColumn<ApiContactSubmission>[] {
  return [
    column(C.subject, (message) => message.subject),
    column(C.from, senderName),
    column(C.company, (message) => message.meta.company_name),
    column(C.email, (message) => message.meta.email),
    column(C.phone, (message) => message.meta.phone_number),
    column(C.message, (message) => message.message),
    column(C.created, (message) => isoOf(message.created_at_timestamp)),
  ];
}
