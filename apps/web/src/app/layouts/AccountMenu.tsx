/** The signed-in layout's account menu, behind the avatar in the header. */
import { Avatar, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { ApiUser } from '@mend/shared';
import { IconBuildingCog, IconLogout, IconMailForward, IconSettings } from '@tabler/icons-react';
import { Link } from 'react-router';
import { displayName } from '../../features/users/user-types';
import { useLogout } from '../../lib/auth';
import { t } from '../../lib/translations';
import classes from './MainLayout.module.css';

/**
 * The avatar menu: Settings, Landlord Settings (role 1) and, for the super admin, the Outbox (kept
 * out of the sidebar, whose entries SPEC.md fixes per role), then Log out.
 */
export function AccountMenu({
  user,
  landlordSettings,
  outbox,
}: {
  user: ApiUser;
  landlordSettings: string | null;
  outbox: string | null;
}) {
  const logout = useLogout();
  const name = displayName(user);
  return (
    <Menu position="bottom-end" width={260} shadow="lg" radius="md">
      <Menu.Target>
        {/* Named by its content: the initials it shows (none with a photo), then "Account menu". */}
        <UnstyledButton className={classes.avatarButton}>
          <Avatar src={user.avatar} name={name} alt="" color="initials" radius="xl" size={38} />
          <VisuallyHidden>{t.nav.accountMenu}</VisuallyHidden>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate="end">
            {user.name || name}
          </Text>
          {user.email ? (
            <Text size="xs" c="dimmed" truncate="end">
              {user.email}
            </Text>
          ) : null}
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item
          component={Link}
          to={`/users/${user.id}/info`}
          leftSection={<IconSettings size={18} aria-hidden />}
        >
          {t.nav.settings}
        </Menu.Item>
        {landlordSettings ? (
          <Menu.Item
            component={Link}
            to={landlordSettings}
            leftSection={<IconBuildingCog size={18} aria-hidden />}
          >
            {t.nav.landlordSettings}
          </Menu.Item>
        ) : null}
        {outbox ? (
          <Menu.Item component={Link} to={outbox} leftSection={<IconMailForward size={18} aria-hidden />}>
            {t.accountScreens.outbox.menu}
          </Menu.Item>
        ) : null}
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={18} aria-hidden />}
          onClick={() => logout.mutate()}
          disabled={logout.isPending}
        >
          {t.auth.logOut}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
