/**
 * What each list sorts by (`sort=`): one home for the server's whitelist of sort keys (each list's service
 * maps every key to its SQL, `satisfies` keeps the two equal), the screens' sortable columns (their ids) and
 * the bench, which measures every key in both directions.
 */
export const LIST_SORTS = {
  tickets: ['title', 'status', 'created_at', 'property', 'tenant', 'due_at'],
  users: ['name', 'company_name', 'email', 'role', 'created_at'],
  landlords: ['name', 'created_at'],
  properties: ['name', 'created_at', 'city', 'landlord'],
  units: ['name', 'created_at', 'property'],
  categories: ['title', 'created_at'],
  contact: ['created_at', 'subject', 'email', 'name'],
  outbox: ['created_at', 'sent_at', 'status', 'attempts', 'recipient'],
  schedules: ['title', 'next_on', 'created_at', 'property'],
} as const;

export type ListName = keyof typeof LIST_SORTS;
export type ListSortKey<L extends ListName> = (typeof LIST_SORTS)[L][number];
