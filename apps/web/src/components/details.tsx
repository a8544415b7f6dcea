/** Building blocks of the details panels: a header, titled sections, label/value lists and link lists. */
import { Anchor, Avatar, Badge, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink, IconMapPin } from '@tabler/icons-react';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { dateFormat } from '../lib/dates';
import { errorMessage } from '../lib/records';
import { t } from '../lib/translations';
import classes from './details.module.css';
import { isForbidden, NotAllowed } from './NotAllowed';

/** A record's creation date, e.g. "Mar 4, 2025". */
export function formatDate(timestamp: number | null | undefined): string {
  return timestamp ? dayjs.unix(timestamp).format(dateFormat('date')) : t.screens.empty;
}

export function DetailHeader({
  name,
  avatar,
  subtitle,
  badges,
  square = false,
}: {
  name: string;
  avatar?: string | null;
  subtitle?: ReactNode;
  badges?: ReactNode;
  /** Logos and pictures are square; people are round. */
  square?: boolean;
}) {
  return (
    <Group gap="md" wrap="nowrap" align="center">
      <Avatar src={avatar} name={name} alt={name} color="initials" size={64} radius={square ? 'md' : 'xl'} />
      <Stack gap={4} miw={0}>
        <Title order={3} fz={20} lh={1.25} style={{ overflowWrap: 'anywhere' }}>
          {name}
        </Title>
        {subtitle ? (
          <Text size="sm" c="dimmed">
            {subtitle}
          </Text>
        ) : null}
        {badges ? <Group gap={6}>{badges}</Group> : null}
      </Stack>
    </Group>
  );
}

export function DetailSection({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <section className={classes.section}>
      <Stack gap="sm">
        {title ? (
          <Title order={4} className={classes.sectionTitle}>
            {title}
          </Title>
        ) : null}
        {children}
      </Stack>
    </section>
  );
}

/** A record's description, its line breaks kept, or the empty mark. */
export function DescriptionSection({ text }: { text: string | null | undefined }) {
  return (
    <DetailSection title={t.screens.fields.description}>
      <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
        {text || t.screens.empty}
      </Text>
    </DetailSection>
  );
}

/** A label/value list of `DetailField`s. */
export function DetailFields({ children }: { children: ReactNode }) {
  return <dl className={classes.fields}>{children}</dl>;
}

/** One label and its value; an empty value shows the dictionary's empty mark. */
export function DetailField({ label, children }: { label: string; children?: ReactNode }) {
  return (
    <div style={{ display: 'contents' }}>
      <dt>{label}</dt>
      <dd>{children === null || children === undefined || children === '' ? t.screens.empty : children}</dd>
    </div>
  );
}

export interface LinkItem {
  id: number;
  label: string;
  /** Where the item links to (inside the app); plain text when absent. */
  to?: string;
  /** Shown on the right, e.g. a role or status. */
  aside?: ReactNode;
}

/** "None", for an empty list of a record's details. */
export function NoneText() {
  return (
    <Text size="sm" c="dimmed">
      {t.screens.none}
    </Text>
  );
}

/** A list of linked records, or "None". */
export function LinkList({ items, label }: { items: LinkItem[]; label: string }) {
  if (items.length === 0) return <NoneText />;
  return (
    <ul className={classes.list} aria-label={label}>
      {items.map((item) => (
        <li key={item.id} className={classes.listItem}>
          {item.to ? (
            <Anchor component={Link} to={item.to} size="sm" fw={500}>
              {item.label}
            </Anchor>
          ) : (
            <Text size="sm" fw={500} component="span">
              {item.label}
            </Text>
          )}
          {typeof item.aside === 'string' ? (
            <Badge variant="light" color="gray" tt="none" fw={500}>
              {item.aside}
            </Badge>
          ) : (
            item.aside
          )}
        </li>
      ))}
    </ul>
  );
}

/** A titled section listing linked records (the title names the list), or "None". */
export function LinkSection({ title, items }: { title: string; items: LinkItem[] }) {
  return (
    <DetailSection title={title}>
      <LinkList label={title} items={items} />
    </DetailSection>
  );
}

/** Categories as badges, or "None". */
export function CategoryBadges({ categories }: { categories: readonly { id: number; title: string }[] }) {
  if (categories.length === 0) return <NoneText />;
  return (
    <Group gap={6}>
      {categories.map((category) => (
        <Badge key={category.id} variant="light" tt="none" fw={500}>
          {category.title}
        </Badge>
      ))}
    </Group>
  );
}

/** "Open in Google Maps" for a record's map link, or nothing. */
export function MapLink({ url }: { url: string | null | undefined }) {
  if (!url) return null;
  return (
    <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm" fw={500}>
      <Group gap={6} component="span" wrap="nowrap">
        <IconMapPin size={16} aria-hidden />
        {t.screens.fields.openMap}
        <IconExternalLink size={14} aria-hidden />
      </Group>
    </Anchor>
  );
}

/** The loading or failure state of a panel's record. */
export function PanelStatus({ loading, error }: { loading?: boolean; error?: string | null }) {
  if (loading)
    return (
      <Center py={64} role="status">
        <Loader role="progressbar" aria-label={t.app.loading} />
      </Center>
    );
  return (
    <Text c="red.9" role="alert" py="xl" ta="center">
      {error ?? t.errors.generic}
    </Text>
  );
}

/** A failed load of a panel: the not-allowed answer when the server refused (403), else the failure's message. */
export function PanelError({ error }: { error: unknown }) {
  if (isForbidden(error)) return <NotAllowed variant="panel" />;
  return <PanelStatus error={errorMessage(error)} />;
}

/** A link to another screen of the app. */
export function RecordLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} size="sm" fw={500}>
      {children}
    </Anchor>
  );
}

/** A date cell of a list table (never wrapped). */
export function DateCell({ timestamp }: { timestamp: number | null | undefined }) {
  return (
    <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
      {formatDate(timestamp)}
    </Text>
  );
}
