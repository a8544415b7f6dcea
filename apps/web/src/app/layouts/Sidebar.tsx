/**
 * The signed-in layout's sidebar (SPEC.md section 2, Layout): the signed-in person, the role's menu with the
 * notifications' count badges, and "Managed by" the landlord. Full width, or as the rail (`compact`): the
 * links keep their names (visually hidden) and, while the rail shows, their labels on hover.
 */
import { AppShell, Avatar, Group, Image, Stack, Text, Tooltip } from '@mantine/core';
import { type ApiLandlordSummary, type ApiNotification, type MenuEntry, menuFor } from '@mend/shared';
import {
  IconBuildingCog,
  IconBuildingCommunity,
  IconBuildingEstate,
  IconCalendarEvent,
  IconCategory,
  IconDoor,
  IconMail,
  IconSettings,
  IconTicket,
  IconTools,
  IconUserHeart,
  IconUsers,
} from '@tabler/icons-react';
// React's useId, not Mantine's: Mantine's replaces its id right after mounting, which re-rendered the whole
// layout (and the screen in it) at once, blocking, as the app started.
import { type ComponentType, useId } from 'react';
import { Link, useLocation } from 'react-router';
import { badgeCount } from '../../features/notifications/notifications';
import { displayName } from '../../features/users/user-types';
import { useCurrentUser } from '../../lib/auth';
import { t } from '../../lib/translations';
import classes from './MainLayout.module.css';

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
  calendar: IconCalendarEvent,
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

export function Sidebar({
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
  const entries = menuFor(
    role,
    { userId: user.id, landlordId: landlord?.id ?? user.landlord_id ?? null },
    t.nav,
  );
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
