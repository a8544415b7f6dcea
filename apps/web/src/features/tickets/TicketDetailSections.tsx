/**
 * The sections of "Ticket Details" (TicketDetails.tsx): the problem itself (title, status, description,
 * photos), its facts (category, priority, availability, dates), where the unit (or the whole property, issue 26)
 * is, whom to contact, and the ticket's meta list.
 */

import { Anchor, Group, List, Stack, Text, Title } from '@mantine/core';
import { type ApiTicket, formatPhoneDisplay, priorityText, timeZoneLabel } from '@mend/shared';
import { IconMail, IconPhone } from '@tabler/icons-react';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { DetailField, DetailFields, DetailSection, MapLink } from '../../components/details';
import { telHref } from '../../components/ReachLinks';
import { dateFormat } from '../../lib/dates';
import { format, t } from '../../lib/translations';
import { PriorityMark, StatusTag } from './TicketParts';
import { TicketPhotos } from './TicketPhotos';
import { ticketUnitName } from './ticket-place';
import { closedDateText } from './ticket-status';
import { windowText } from './visits/visit-rules';

const S = t.ticketScreens;
const F = S.fields;

const longDate = (timestamp: number) => dayjs.unix(timestamp).format(dateFormat('dateTime'));

/** The title with the status tag, the description and the photos. */
export function TicketSummarySection({ ticket }: { ticket: ApiTicket }) {
  return (
    <DetailSection>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Title order={3} fz={19} lh={1.3} style={{ overflowWrap: 'anywhere', flex: 1 }}>
          {ticket.title}
        </Title>
        <StatusTag slug={ticket.status_slug} status={ticket.status} size="lg" mt={2} />
      </Group>
      {/* pre-line keeps the tenant's line breaks; React escapes the text, so no HTML is ever rendered. */}
      <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} lh={1.55}>
        {ticket.description}
      </Text>
      {ticket.image_files.length > 0 ? <TicketPhotos files={ticket.image_files} /> : null}
    </DetailSection>
  );
}

/** Category, priority, availability, and the created and (once closed) closed dates. */
export function TicketFactsSection({ ticket }: { ticket: ApiTicket }) {
  const closedText = closedDateText(ticket);
  return (
    <DetailSection title={S.sections.details}>
      <DetailFields>
        <DetailField label={F.category}>{ticket.categories[0]?.title}</DetailField>
        <DetailField label={F.priority}>
          <Group gap={6} component="span" wrap="nowrap">
            <PriorityMark priority={ticket.priority} />
            <span>{priorityText(ticket.priority, t)}</span>
          </Group>
        </DetailField>
        <DetailField label={F.availability}>
          {ticket.availability_ranges.length > 0 ? (
            <AvailabilityList
              strings={ticket.availability_ranges.map((range) => windowText(range))}
              timeZone={ticket.availability_time_zone}
            />
          ) : (
            S.noAvailability
          )}
        </DetailField>
        <DetailField label={F.created}>{longDate(ticket.created_at_timestamp)}</DetailField>
        {closedText === null ? null : <DetailField label={F.closed}>{closedText}</DetailField>}
      </DetailFields>
    </DetailSection>
  );
}

/** The ranges as the server words them, and the zone they are in (the property's, not the viewer's). */
export function AvailabilityList({ strings, timeZone }: { strings: string[]; timeZone: string }) {
  return (
    <Stack gap={4} component="span">
      <List size="sm" spacing={2} listStyleType="none" p={0} m={0}>
        {strings.map((text) => (
          <List.Item key={text}>{text}</List.Item>
        ))}
      </List>
      {timeZone ? (
        <Text size="xs" c="dimmed" component="span">
          {format(S.timeZone, { zone: timeZoneLabel(timeZone) })}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Where the work is: the unit, or "Whole property" at the property's address (issue 26). */
export function TicketLocationSection({ ticket }: { ticket: ApiTicket }) {
  const cityLine = [ticket.unit.city, ticket.unit.province].filter(Boolean).join(', ');
  return (
    <DetailSection title={S.sections.location}>
      <DetailFields>
        <DetailField label={F.unit}>{ticketUnitName(ticket)}</DetailField>
        <DetailField label={F.address}>{ticket.unit.address}</DetailField>
        <DetailField label={F.city}>{cityLine}</DetailField>
        <DetailField label={F.postalCode}>{ticket.unit.postal_code}</DetailField>
      </DetailFields>
      <MapLink url={ticket.unit.gmaps_url} />
    </DetailSection>
  );
}

/** Whom the contractor reaches: the phone and email are links that call or write. */
export function TicketContactSection({ ticket }: { ticket: ApiTicket }) {
  const contact = ticket.contact_details;
  const name = `${contact.first_name} ${contact.last_name}`.trim();
  const phone = contact.phone_number;
  return (
    <DetailSection title={S.sections.contact}>
      <DetailFields>
        <DetailField label={F.name}>{name}</DetailField>
        <DetailField label={F.phone}>
          {phone ? (
            <ContactLink href={telHref(phone)} icon={<IconPhone size={14} aria-hidden />}>
              {formatPhoneDisplay(phone)}
            </ContactLink>
          ) : null}
        </DetailField>
        <DetailField label={F.email}>
          {contact.email ? (
            <ContactLink href={`mailto:${contact.email}`} icon={<IconMail size={14} aria-hidden />}>
              {contact.email}
            </ContactLink>
          ) : null}
        </DetailField>
      </DetailFields>
    </DetailSection>
  );
}

function ContactLink({ href, icon, children }: { href: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Anchor href={href} size="sm">
      <Group gap={6} component="span" wrap="nowrap">
        {icon}
        {children}
      </Group>
    </Anchor>
  );
}

/** The ticket's own label/value pairs ("More details"), when it has any. */
export function TicketMetaSection({ ticket }: { ticket: ApiTicket }) {
  const meta = Object.entries(ticket.meta ?? {});
  if (meta.length === 0) return null;
  return (
    <DetailSection title={S.sections.moreDetails}>
      <DetailFields>
        {meta.map(([key, value]) => (
          <DetailField key={key} label={key}>
            {value}
          </DetailField>
        ))}
      </DetailFields>
    </DetailSection>
  );
}
