/**
 * The signed-in layout (SPEC.md section 2, Layout): sidebar, header, page.
 *
 * Widths: above LAYOUT_COLLAPSE_PX the sidebar is full width. At LAYOUT_COLLAPSE_PX or less the
 * layout collapses: the sidebar becomes an icon rail (links keep their names; labels show on hover)
 * and the hamburger opens it full width over the page. On phones the rail is hidden too.
 *
 * Header: the notifications bell (features/notifications: the polled history, its count and dropdown)
 * and the account menu (Settings, Landlord Settings for role 1, Outbox for the super admin, Log out).
 * The header and the sidebar's profile show the signed-in person (its name and picture, as Settings
 * does), never its company: a manager's company is often its landlord's name, and the landlord is
 * shown as the landlord ("Managed by").
 * The sidebar's count badges come from the same notifications. Above every page: the
 * email-verification banner (features/account).
 */
import {
  AppShell,
  Avatar,
  Burger,
  Group,
  Image,
  Menu,
  Overlay,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure, useMediaQuery, useWindowEvent } from '@mantine/hooks';
import {
  type ApiLandlordSummary,
  type ApiNotification,
  type ApiUser,
  can,
  LAYOUT_COLLAPSE_PX,
  LAYOUT_PHONE_MAX_EM,
  type MenuEntry,
  menuFor,
} from '@mend/shared';
import {
  IconBuildingCog,
  IconBuildingCommunity,
  IconBuildingEstate,
  IconCategory,
  IconDoor,
  IconLogout,
  IconMail,
  IconMailForward,
  IconSettings,
  IconTicket,
  IconTools,
  IconUserHeart,
  IconUsers,
} from '@tabler/icons-react';
// React's useId, not Mantine's: Mantine's replaces its id right after mounting, which re-rendered the whole
// layout (and the screen in it) at once, blocking, as the app started.
import { type ComponentType, type CSSProperties, useEffect, useId, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { BrandMark } from '../../components/BrandMark';
import { EmailVerificationBanner } from '../../features/account/EmailVerificationBanner';
import { NotificationsBell } from '../../features/notifications/NotificationsBell';
import { badgeCount } from '../../features/notifications/notifications';
import { useSignedInNotifications } from '../../features/notifications/useSignedInNotifications';
import { displayName } from '../../features/users/user-types';
import { useActor } from '../../lib/actor';
import { useCurrentUser, useLogout } from '../../lib/auth';
import { useCurrentLandlord } from '../../lib/landlord';
import { usePageRender } from '../../lib/prerendered';
import { t } from '../../lib/translations';
import { SignedInProviders } from '../signed-in-providers';
import classes from './MainLayout.module.css';

const NAVBAR_WIDTH = 272;
const RAIL_WIDTH = 76;
const HEADER_HEIGHT = 64;

type IconComponent = ComponentType<{
  size?: number;
  stroke?: number;
  className?: string;
  'aria-hidden'?: boolean;
}>;

const MENU_ICONS: Record<string, IconComponent> = {
  users: IconUsers,
  landlords: IconBuildingEstate,
  properties: IconBuildingCommunity,
  units: IconDoor,
  tickets: IconTicket,
  categories: IconCategory,
  contact: IconMail,
  contractors: IconTools,
  tenants: IconUserHeart,
  settings: IconSettings,
  landlordSettings: IconBuildingCog,
};

/** The menu entry the current path belongs to: the profile tabs count as Settings, else the longest prefix. */
export function activeEntryKey(entries: MenuEntry[], pathname: string, userId: number): string | null {
  if (new RegExp(`^/users/${userId}/(info|security|notifications|contact)/?$`).test(pathname))
    return 'settings';
  let best: MenuEntry | null = null;
  for (const entry of entries) {
    const matches = pathname === entry.to || pathname.startsWith(`${entry.to}/`);
    if (matches && (!best || entry.to.length > best.to.length)) best = entry;
  }
  return best?.key ?? null;
}

function Sidebar({
  compact,
  hints,
  landlord,
  notifications,
}: {
  compact: boolean;
  /** Hover hints on the rail's icons: only while the rail shows (never on a phone, where it is hidden). */
  hints: boolean;
  landlord: ApiLandlordSummary | null;
  notifications: readonly ApiNotification[];
}) {
  const { user, role } = useCurrentUser();
  const { pathname } = useLocation();
  const idPrefix = useId();
  const entries = menuFor(role, { userId: user.id, landlordId: landlord?.id ?? user.landlord_id ?? null });
  const active = activeEntryKey(entries, pathname, user.id);
  const name = displayName(user);
  const landlordAvatar = landlord ? (
    <Avatar src={landlord.avatar} name={landlord.name} alt={landlord.name} color="initials" radius="md" />
  ) : null;

  return (
    <>
      <AppShell.Section className={classes.profile}>
        <Avatar src={user.avatar} name={name} alt={name} color="initials" radius="xl" size={40} />
        {compact ? null : (
          <div className={classes.profileText}>
            <Text fw={700} size="sm" truncate="end">
              {name}
            </Text>
            <Text c="dimmed" size="xs" truncate="end">
              {user.role_name}
            </Text>
          </div>
        )}
      </AppShell.Section>

      <AppShell.Section grow className={classes.links}>
        <ul className={classes.linkList}>
          {entries.map((entry) => {
            const Icon = MENU_ICONS[entry.key] ?? IconTicket;
            const count = badgeCount(entry, notifications);
            const countId = `${idPrefix}-${entry.key}-count`;
            const isActive = entry.key === active;
            const link = (
              <Link
                to={entry.to}
                className={classes.link}
                data-active={isActive || undefined}
                aria-current={isActive ? 'page' : undefined}
                aria-describedby={count > 0 ? countId : undefined}
              >
                <Icon className={classes.linkIcon} size={20} stroke={1.7} aria-hidden />
                {/* The label stays in the link in the rail (visually hidden) so the link keeps its name. */}
                <span className={compact ? 'sr-only' : classes.linkLabel}>{entry.label}</span>
                {count > 0 ? (
                  <span id={countId} className={classes.count} aria-hidden="true">
                    {count}
                  </span>
                ) : null}
              </Link>
            );
            // A Tooltip mounts a portal even while disabled, so the links get one only in the rail.
            return (
              <li key={entry.key}>
                {hints ? (
                  <Tooltip label={entry.label} position="right" withArrow openDelay={150}>
                    {link}
                  </Tooltip>
                ) : (
                  link
                )}
              </li>
            );
          })}
        </ul>
      </AppShell.Section>

      {landlord ? (
        <AppShell.Section className={classes.managedBy}>
          {compact ? (
            hints ? (
              <Tooltip label={`${t.nav.managedBy} ${landlord.name}`} position="right" withArrow>
                {landlordAvatar}
              </Tooltip>
            ) : (
              landlordAvatar
            )
          ) : (
            <Stack gap={8}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.6}>
                {t.nav.managedBy}
              </Text>
              {landlord.avatar ? (
                <Image src={landlord.avatar} alt={landlord.name} mah={56} w="auto" maw={180} fit="contain" />
              ) : (
                <Group gap="sm" wrap="nowrap">
                  <Avatar name={landlord.name} color="initials" radius="md" aria-hidden />
                  <Text fw={600} size="sm" truncate="end">
                    {landlord.name}
                  </Text>
                </Group>
              )}
            </Stack>
          )}
        </AppShell.Section>
      ) : null}
    </>
  );
}

/**
 * The avatar menu: Settings, Landlord Settings (role 1) and, for the super admin, the Outbox (kept
 * out of the sidebar, whose entries SPEC.md fixes per role), then Log out.
 */
function AccountMenu({
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

export default function MainLayout() {
  const current = useCurrentUser();
  const { user } = current;
  const actor = useActor();
  const { notifications, markViewed } = useSignedInNotifications(user.id, current.notifications);
  const landlord = useCurrentLandlord(current);
  // A page rendered on the server hydrates with the widths it was rendered for; the browser's own follow.
  const pageRender = usePageRender();
  const collapsed = useMediaQuery(`(max-width: ${LAYOUT_COLLAPSE_PX}px)`, pageRender?.collapsed ?? false, {
    getInitialValueInEffect: pageRender !== null,
  });
  const phone = useMediaQuery(`(max-width: ${LAYOUT_PHONE_MAX_EM}em)`, pageRender?.phone ?? false, {
    getInitialValueInEffect: pageRender !== null,
  });
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  const navbarId = useId();

  // Close the opened menu on navigation, on Escape and when the layout widens.
  const [shownPath, setShownPath] = useState(pathname);
  if (shownPath !== pathname) {
    setShownPath(pathname);
    if (opened) close();
  }
  useEffect(() => {
    if (!collapsed) close();
  }, [collapsed, close]);
  useWindowEvent('keydown', (event) => {
    if (event.key === 'Escape') close();
  });

  const offset = !collapsed ? NAVBAR_WIDTH : phone ? 0 : RAIL_WIDTH;
  const overlay = collapsed && opened;
  const compact = collapsed && !opened;
  const hidden = phone && !opened;

  // Landlord Settings in the account menu: a manager's, hidden while no landlord is loaded.
  const landlordSettings =
    can(actor, 'landlord.settingsLink') && landlord ? `/landlords/${landlord.id}` : null;

  return (
    <SignedInProviders>
      <AppShell
        header={{ height: HEADER_HEIGHT }}
        navbar={{ width: offset, breakpoint: 0 }}
        padding={{ base: 'md', sm: 'xl' }}
      >
        <AppShell.Header className={classes.header}>
          <Group h="100%" px={{ base: 'sm', sm: 'lg' }} justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              {collapsed ? (
                <Burger
                  opened={opened}
                  onClick={toggle}
                  size="sm"
                  aria-label={t.nav.openMenu}
                  aria-expanded={opened}
                  aria-controls={navbarId}
                />
              ) : null}
              <Link to="/" className={classes.brand}>
                <BrandMark size={30} />
                <span>{t.app.name}</span>
              </Link>
            </Group>
            <Group gap="sm" wrap="nowrap">
              <NotificationsBell userId={user.id} notifications={notifications} onMarkViewed={markViewed} />
              <AccountMenu
                user={user}
                landlordSettings={landlordSettings}
                outbox={can(actor, 'outbox.view') ? '/outbox' : null}
              />
            </Group>
          </Group>
        </AppShell.Header>

        <AppShell.Navbar
          id={navbarId}
          aria-label={t.nav.mainLabel}
          className={classes.navbar}
          data-compact={compact || undefined}
          data-overlay={overlay || undefined}
          data-hidden={hidden || undefined}
          inert={hidden || undefined}
          style={{ '--app-shell-navbar-width': `${overlay ? NAVBAR_WIDTH : offset}px` } as CSSProperties}
        >
          <Sidebar
            compact={compact}
            hints={compact && !hidden}
            landlord={landlord}
            notifications={notifications}
          />
        </AppShell.Navbar>

        {overlay ? <Overlay fixed zIndex={99} backgroundOpacity={0.35} blur={1} onClick={close} /> : null}

        <AppShell.Main className={classes.main}>
          <div className={classes.content}>
            <EmailVerificationBanner key={user.id} user={user} />
            {/* No Suspense boundary of its own: the router's navigations are transitions, so a screen whose
                code is still loading keeps the previous one shown. (A boundary here made a page rendered on
                the server hydrate its screen later, apart: Mantine's AppShell updating as it mounted then
                forced that to happen at once, in one long blocking task.) */}
            <Outlet />
          </div>
        </AppShell.Main>
      </AppShell>
    </SignedInProviders>
  );
}
