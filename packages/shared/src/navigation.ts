/** The sidebar menu of each role (SPEC.md section 2, "Sidebar menu by role"). */
import { en } from './messages';
import type { Role } from './roles';

export interface MenuEntry {
  /** Stable key, also used for count badges. */
  key: string;
  label: string;
  /** Route path; `{userId}` and `{landlordId}` are filled in by the web. */
  to: string;
  /** Which count badge to show, if any. */
  badge?: 'unviewedTickets' | 'tickets';
}

const settings: MenuEntry = { key: 'settings', label: en.nav.settings, to: '/users/{userId}/info' };

export const MENU_BY_ROLE: Record<Role, MenuEntry[]> = {
  0: [
    { key: 'users', label: en.nav.users, to: '/users' },
    { key: 'landlords', label: en.nav.landlords, to: '/landlords' },
    { key: 'properties', label: en.nav.properties, to: '/properties' },
    { key: 'units', label: en.nav.units, to: '/units' },
    { key: 'tickets', label: en.nav.tickets, to: '/tickets' },
    { key: 'calendar', label: en.nav.calendar, to: '/calendar' },
    { key: 'schedules', label: en.nav.schedules, to: '/schedules' },
    { key: 'categories', label: en.nav.categories, to: '/categories' },
    { key: 'contact', label: en.nav.contactForm, to: '/contact' },
    settings,
  ],
  1: [
    { key: 'tickets', label: en.nav.tickets, to: '/tickets' },
    { key: 'calendar', label: en.nav.calendar, to: '/calendar' },
    { key: 'schedules', label: en.nav.schedules, to: '/schedules' },
    { key: 'properties', label: en.nav.properties, to: '/properties' },
    { key: 'units', label: en.nav.units, to: '/units' },
    { key: 'contractors', label: en.nav.contractors, to: '/contractors' },
    { key: 'tenants', label: en.nav.tenants, to: '/tenants' },
    settings,
    { key: 'landlordSettings', label: en.nav.landlordSettings, to: '/landlords/{landlordId}' },
  ],
  2: [{ key: 'tickets', label: en.nav.myTickets, to: '/tickets', badge: 'unviewedTickets' }, settings],
  3: [
    { key: 'tickets', label: en.nav.myTickets, to: '/tickets', badge: 'tickets' },
    { key: 'calendar', label: en.nav.calendar, to: '/calendar' },
    { key: 'units', label: en.nav.tenantList, to: '/units' },
    settings,
  ],
};

export function menuFor(role: Role, ids: { userId: number; landlordId: number | null }): MenuEntry[] {
  return MENU_BY_ROLE[role].map((entry) => ({
    ...entry,
    to: entry.to
      .replace('{userId}', String(ids.userId))
      // Without a landlord, Landlord Settings goes to the landlords list (SPEC.md, Layout).
      .replace('/{landlordId}', ids.landlordId === null ? '' : `/${ids.landlordId}`),
  }));
}
