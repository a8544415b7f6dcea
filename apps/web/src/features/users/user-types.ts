/** The three user lists (SPEC.md section 2): /users, /tenants, /contractors share one screen. */
import { type ApiUser, activationPath, isTemporaryEmail, type UserType } from '@mend/shared';
import { t } from '../../lib/translations';

export function entityOf(type: UserType) {
  const entities = t.screens.entities;
  return type === 'tenants' ? entities.tenant : type === 'contractors' ? entities.contractor : entities.user;
}

export function listTitle(type: UserType): string {
  return type === 'tenants' ? t.nav.tenants : type === 'contractors' ? t.nav.contractors : t.nav.users;
}

/** A user's name as shown; a temporary account without a name goes by its username, never its placeholder email. */
export function displayName(user: Pick<ApiUser, 'name' | 'company_name' | 'email' | 'username'>): string {
  const name = user.name && user.name !== user.email && !isTemporaryEmail(user.name) ? user.name : '';
  return name || user.company_name || user.username || user.email;
}

/** A temporary account (batch import, or created without an email) still has to be activated. */
export function isTemporary(user: Pick<ApiUser, 'email'> & { is_temporary?: boolean }): boolean {
  return Boolean(user.is_temporary) || isTemporaryEmail(user.email);
}

/** The address a temporary account is activated at. */
export function activationUrl(username: string, origin: string = window.location.origin): string {
  return `${origin}${activationPath(username)}`;
}
