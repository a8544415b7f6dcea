/**
 * The bell of the header (SPEC.md section 2, Layout): the count of unviewed notifications and a
 * dropdown listing them, newest first, with relative times refreshed every
 * RELATIVE_TIME_DROPDOWN_REFRESH_MS while it is open, and a Manage link to the notifications tab.
 * Clicking one marks it viewed and opens its ticket, its contact submission, or else its link.
 * Escape closes it, as it closes every dialog.
 */
import {
  ActionIcon,
  Anchor,
  Avatar,
  Button,
  Divider,
  Group,
  Popover,
  ScrollArea,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { type ApiNotification, RELATIVE_TIME_DROPDOWN_REFRESH_MS } from '@mend/shared';
import { IconBell, IconChecks } from '@tabler/icons-react';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { useEffect, useId, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { format, t } from '../../lib/translations';
import classes from './NotificationsBell.module.css';
import { notificationTarget, sortNotifications, unviewedCount, unviewedIds } from './notifications';

dayjs.extend(relativeTime);

const B = t.accountScreens.bell;

export interface NotificationsBellProps {
  userId: number;
  notifications: readonly ApiNotification[];
  onMarkViewed: (ids: number[]) => void;
}

export function NotificationsBell({ userId, notifications, onMarkViewed }: NotificationsBellProps) {
  const [opened, setOpened] = useState(false);
  const [, setTick] = useState(0);
  const navigate = useNavigate();
  const countId = useId();
  const unviewed = unviewedCount(notifications);
  const sorted = useMemo(() => sortNotifications(notifications), [notifications]);

  useEffect(() => {
    if (!opened) return;
    const timer = setInterval(() => setTick((tick) => tick + 1), RELATIVE_TIME_DROPDOWN_REFRESH_MS);
    return () => clearInterval(timer);
  }, [opened]);

  function open(notification: ApiNotification) {
    setOpened(false);
    if (!notification.viewed) onMarkViewed([notification.id]);
    const target = notificationTarget(notification, window.location.origin);
    if (target?.kind === 'route') navigate(target.to);
    else if (target?.kind === 'external') window.location.assign(target.href);
  }

  // The count sits beside the button, over its corner, not inside it: a button's visible text must be part of its
  // name (WCAG 2.5.3), and "3" is not a name. The button says "Notifications"; the count describes it.
  return (
    <span className={classes.bellFrame}>
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-end"
        width={380}
        shadow="lg"
        radius="md"
        // A dialog: focus moves into it, so Escape closes it (and focus goes back to the bell).
        trapFocus
        returnFocus
        closeOnEscape
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size={40}
            radius="xl"
            aria-label={t.nav.notifications}
            aria-describedby={unviewed > 0 ? countId : undefined}
            aria-expanded={opened}
            aria-haspopup="dialog"
            data-count={unviewed}
            onClick={() => setOpened((value) => !value)}
          >
            <IconBell size={22} stroke={1.7} aria-hidden />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p={0} aria-label={t.nav.notifications} role="dialog">
          <Group justify="space-between" px="md" py="sm" gap="xs" wrap="nowrap">
            <Group gap={8} wrap="nowrap">
              <Text fw={700}>{t.nav.notifications}</Text>
              {unviewed > 0 ? (
                <Text size="xs" c="mend.7" fw={600} className={classes.pill}>
                  {format(B.unviewed, { count: unviewed })}
                </Text>
              ) : null}
            </Group>
            <Anchor
              component={Link}
              to={`/users/${userId}/notifications`}
              size="sm"
              fw={600}
              onClick={() => setOpened(false)}
            >
              {t.nav.manage}
            </Anchor>
          </Group>
          <Divider />
          {sorted.length === 0 ? (
            <Text c="dimmed" size="sm" ta="center" py="xl">
              {t.nav.noNotifications}
            </Text>
          ) : (
            <ScrollArea.Autosize mah={420} type="auto">
              <ul className={classes.list}>
                {sorted.map((notification) => (
                  <li key={notification.id}>
                    <UnstyledButton
                      className={classes.item}
                      data-unviewed={!notification.viewed || undefined}
                      onClick={() => open(notification)}
                    >
                      <Group gap="sm" wrap="nowrap" align="flex-start">
                        {notification.image ? (
                          <Avatar src={notification.image} size={32} radius="xl" alt="" />
                        ) : null}
                        <div className={classes.itemText}>
                          <Text size="sm" fw={notification.viewed ? 500 : 700} lineClamp={1}>
                            {notification.title}
                          </Text>
                          {notification.description ? (
                            <Text size="sm" lineClamp={2}>
                              {notification.description}
                            </Text>
                          ) : null}
                          {notification.subtitle ? (
                            <Text size="xs" c="dimmed" lineClamp={1}>
                              {notification.subtitle}
                            </Text>
                          ) : null}
                          <Text size="xs" c="dimmed" mt={2}>
                            <time dateTime={dayjs.unix(notification.timestamp).toISOString()}>
                              {dayjs.unix(notification.timestamp).fromNow()}
                            </time>
                          </Text>
                        </div>
                      </Group>
                    </UnstyledButton>
                  </li>
                ))}
              </ul>
            </ScrollArea.Autosize>
          )}
          {unviewed > 0 ? (
            <>
              <Divider />
              <Group justify="center" py={6}>
                <Button
                  variant="subtle"
                  size="xs"
                  leftSection={<IconChecks size={16} aria-hidden />}
                  onClick={() => onMarkViewed(unviewedIds(notifications))}
                >
                  {B.markAllViewed}
                </Button>
              </Group>
            </>
          ) : null}
        </Popover.Dropdown>
      </Popover>
      {unviewed > 0 ? (
        <span className={classes.count}>
          <span aria-hidden="true">{unviewed > 99 ? '99+' : unviewed}</span>
          <VisuallyHidden id={countId}>{format(B.unviewed, { count: unviewed })}</VisuallyHidden>
        </span>
      ) : null}
    </span>
  );
}
