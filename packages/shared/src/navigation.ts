/** The sidebar menu of each role (SPEC.md section 2, "Sidebar menu by role"). */
import { type Dictionary, en } from './messages';
import type { Role } from './roles';

/** A menu text: a key of the dictionary's `nav`, written in the page's language by `menuFor`. */
type NavText = keyof Dictionary['nav'];

interface MenuItem {
  /** Stable key, also used for count badges. */
  key: string;
  text: NavText;
  /** Route path; `{userId}` and `{landlordId}` are filled in by the web. */
  to: string;
  /** Which count badge to show, if any. */
  badge?: 'unviewedTickets' | 'tickets';
}

/** A menu entry as the sidebar shows it: its label in the page's language, its path filled in. */
export interface MenuEntry extends Omit<MenuItem, 'text'> {
  label: string;
}

const settings: MenuItem = { key: 'settings', text: 'settings', to: '/users/{userId}/info' };

const MENU_BY_ROLE: Record<Role, MenuItem[]> = {
  0: [
    { key: 'users', text: 'users', to: '/users' },
    { key: 'landlords', text: 'landlords', to: '/landlords' },
    { key: 'properties', text: 'properties', to: '/properties' },
    { key: 'units', text: 'units', to: '/units' },
    { key: 'tickets', text: 'tickets', to: '/tickets' },
    { key: 'calendar', text: 'calendar', to: '/calendar' },
    { key: 'schedules', text: 'schedules', to: '/schedules' },
    { key: 'categories', text: 'categories', to: '/categories' },
    { key: 'contact', text: 'contactForm', to: '/contact' },
    settings,
  ],
  1: [
    { key: 'tickets', text: 'tickets', to: '/tickets' },
    { key: 'calendar', text: 'calendar', to: '/calendar' },
    { key: 'schedules', text: 'schedules', to: '/schedules' },
    { key: 'properties', text: 'properties', to: '/properties' },
    { key: 'units', text: 'units', to: '/units' },
    { key: 'contractors', text: 'contractors', to: '/contractors' },
    { key: 'tenants', text: 'tenants', to: '/tenants' },
    settings,
    { key: 'landlordSettings', text: 'landlordSettings', to: '/landlords/{landlordId}' },
  ],
  2: [{ key: 'tickets', text: 'myTickets', to: '/tickets', badge: 'unviewedTickets' }, settings],
  3: [
    { key: 'tickets', text: 'myTickets', to: '/tickets', badge: 'tickets' },
    { key: 'calendar', text: 'calendar', to: '/calendar' },
    { key: 'units', text: 'tenantList', to: '/units' },
    settings,
  ],
};

export function menuFor(
  role: Role,
  ids: { userId: number; landlordId: number | null },
  nav: Dictionary['nav'] = en.nav,
): MenuEntry[] {
  return MENU_BY_ROLE[role].map(({ text, ...entry }) => ({
    ...entry,
    label: nav[text],
    to: entry.to
      .replace('{userId}', String(ids.userId))
      // Without a landlord, Landlord Settings goes to the landlords list (SPEC.md, Layout).
      .replace('/{landlordId}', ids.landlordId === null ? '' : `/${ids.landlordId}`),
  }));
}
