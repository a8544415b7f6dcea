/**
 * "Ticket Details" (SPEC.md section 2, DESIGN.md): the tenant, where the unit is (the property's city
 * and province replace the fixed "Edmonton, AB"), the title and description, the photos, category,
 * availability, priority, created and closed dates, the contact, the meta list and the Activity log.
 * Footer: the status dropdown (tenants, and contractors on their routed tickets), Delete and Edit.
 */
import { Anchor, Button, Group, List, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { type ApiTicket, can, formatPhoneDisplay, timeZoneLabel } from '@mend/shared';
import { IconMail, IconPencil, IconPhone, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import {
  DetailField,
  DetailFields,
  DetailHeader,
  DetailSection,
  MapLink,
  PanelError,
  PanelStatus,
} from '../../components/details';
import { toastError } from '../../components/feedback';
import { PanelFooter } from '../../components/panel/SidePanel';
import type { PanelControls } from '../../components/panel/usePanelRoute';
import { useDeleteRecord } from '../../components/useDeleteRecord';
import { useActor } from '../../lib/actor';
import { errorMessage } from '../../lib/records';
import { format, t } from '../../lib/translations';
import { invalidateNotifications } from '../notifications/queries';
import { ActivityLog } from './ActivityLog';
import { PriorityMark, StatusTag } from './TicketParts';
import { TicketPhotos } from './TicketPhotos';
import { changeStatus, ticketListKey, useStatuses, useTicket } from './ticket-data';
import { closedDateText, statusColor } from './ticket-logic';
import classes from './tickets.module.css';

const S = t.ticketScreens;
const F = S.fields;

const longDate = (timestamp: number) => dayjs.unix(timestamp).format('MMM D, YYYY h:mm A');

export function TicketDetails({ id, panel }: { id: number; panel: PanelControls }) {
  const queryClient = useQueryClient();
  const query = useTicket(id);
  const loaded = query.data?.id;

  // Opening a ticket marks the viewer's notifications about it viewed: refresh the bell.
  useEffect(() => {
    if (loaded !== undefined) void invalidateNotifications(queryClient);
  }, [loaded, queryClient]);

  // SPEC.md section 8: a ticket that cannot be loaded is logged, and the list comes back (once).
  const failed = query.isError && !query.data;
  const reported = useRef<number | null>(null);
  useEffect(() => {
    if (!failed || reported.current === id) return;
    reported.current = id;
    console.error('Unable to load ticket', id, query.error);
    toastError(t.errors.yikes, errorMessage(query.error));
    void invalidateNotifications(queryClient);
    panel.deleted();
  }, [failed, id, panel, query.error, queryClient]);

  if (query.isPending) return <PanelStatus loading />;
  if (!query.data) return <PanelError error={query.error} />;
  return <TicketView ticket={query.data} panel={panel} />;
}

function TicketView({ ticket, panel }: { ticket: ApiTicket; panel: PanelControls }) {
  const actor = useActor();
  const { remove, deleting } = useDeleteRecord();
  const queryClient = useQueryClient();
  const tenantName = ticket.tenant ? ticket.tenant.company_name || ticket.tenant.name : S.noTenant;
  const contactName = `${ticket.contact_details.first_name} ${ticket.contact_details.last_name}`.trim();
  const phone = ticket.contact_details.phone_number;
  const cityLine = [ticket.unit.city, ticket.unit.province].filter(Boolean).join(', ');
  const meta = Object.entries(ticket.meta ?? {});
  const closedText = closedDateText(ticket);
  const showStatus = can(actor, 'ticket.statusFooter') && ticket.can.change_status;

  return (
    <>
      <Stack gap="lg" pt="md" pb="lg">
        <DetailHeader
          name={tenantName}
          avatar={ticket.tenant?.avatar}
          subtitle={format(S.headerLine, {
            id: ticket.visible_id,
            unit: ticket.unit.name,
            property: ticket.property_name,
          })}
        />

        <DetailSection>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <Title order={3} fz={19} lh={1.3} style={{ overflowWrap: 'anywhere', flex: 1 }}>
              {ticket.title}
            </Title>
            <StatusTag slug={ticket.status_slug} text={ticket.status_text} size="lg" mt={2} />
          </Group>
          {/* pre-line keeps the tenant's line breaks; React escapes the text, so no HTML is ever rendered. */}
          <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} lh={1.55}>
            {ticket.description}
          </Text>
          {ticket.image_files.length > 0 ? <TicketPhotos files={ticket.image_files} /> : null}
        </DetailSection>

        <DetailSection title={S.sections.details}>
          <DetailFields>
            <DetailField label={F.category}>{ticket.categories[0]?.title}</DetailField>
            <DetailField label={F.priority}>
              <Group gap={6} component="span" wrap="nowrap">
                <PriorityMark priority={ticket.priority} />
                <span>{ticket.priority_text}</span>
              </Group>
            </DetailField>
            <DetailField label={F.availability}>
              {ticket.availability_strings.length > 0 ? (
                <Stack gap={4} component="span">
                  <List size="sm" spacing={2} listStyleType="none" p={0} m={0}>
                    {ticket.availability_strings.map((text) => (
                      <List.Item key={text}>{text}</List.Item>
                    ))}
                  </List>
                  {ticket.availability_time_zone ? (
                    <Text size="xs" c="dimmed" component="span">
                      {format(S.timeZone, { zone: timeZoneLabel(ticket.availability_time_zone) })}
                    </Text>
                  ) : null}
                </Stack>
              ) : (
                S.noAvailability
              )}
            </DetailField>
            <DetailField label={F.created}>{longDate(ticket.created_at_timestamp)}</DetailField>
            {closedText === null ? null : <DetailField label={F.closed}>{closedText}</DetailField>}
          </DetailFields>
        </DetailSection>

        <DetailSection title={S.sections.location}>
          <DetailFields>
            <DetailField label={F.unit}>{ticket.unit.name}</DetailField>
            <DetailField label={F.address}>{ticket.unit.address}</DetailField>
            <DetailField label={F.city}>{cityLine}</DetailField>
            <DetailField label={F.postalCode}>{ticket.unit.postal_code}</DetailField>
          </DetailFields>
          <MapLink url={ticket.unit.gmaps_url} />
        </DetailSection>

        <DetailSection title={S.sections.contact}>
          <DetailFields>
            <DetailField label={F.name}>{contactName}</DetailField>
            <DetailField label={F.phone}>
              {phone ? (
                <Anchor href={`tel:${phone.replace(/[^\d+]/g, '')}`} size="sm">
                  <Group gap={6} component="span" wrap="nowrap">
                    <IconPhone size={14} aria-hidden />
                    {formatPhoneDisplay(phone)}
                  </Group>
                </Anchor>
              ) : null}
            </DetailField>
            <DetailField label={F.email}>
              {ticket.contact_details.email ? (
                <Anchor href={`mailto:${ticket.contact_details.email}`} size="sm">
                  <Group gap={6} component="span" wrap="nowrap">
                    <IconMail size={14} aria-hidden />
                    {ticket.contact_details.email}
                  </Group>
                </Anchor>
              ) : null}
            </DetailField>
          </DetailFields>
        </DetailSection>

        {meta.length > 0 ? (
          <DetailSection title={S.sections.moreDetails}>
            <DetailFields>
              {meta.map(([key, value]) => (
                <DetailField key={key} label={key}>
                  {value}
                </DetailField>
              ))}
            </DetailFields>
          </DetailSection>
        ) : null}

        <DetailSection title={S.sections.activity}>
          <ActivityLog log={ticket.log} />
        </DetailSection>
      </Stack>

      {showStatus || ticket.can.update || ticket.can.delete ? (
        <PanelFooter>
          {showStatus ? <StatusDropdown ticket={ticket} /> : null}
          {ticket.can.delete ? (
            <Button
              className={classes.footerButton}
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              loading={deleting}
              onClick={() =>
                void remove({
                  path: ticket.path || `tickets/${ticket.id}`,
                  entity: S.entity.word,
                  name: ticket.title,
                  resource: 'tickets',
                  onDeleted: () => {
                    panel.deleted();
                    void queryClient.invalidateQueries({ queryKey: ticketListKey });
                  },
                })
              }
            >
              {t.buttons.delete}
            </Button>
          ) : null}
          {ticket.can.update ? (
            <Button
              className={classes.footerButton}
              leftSection={<IconPencil size={16} aria-hidden />}
              onClick={() => panel.go({ mode: 'edit', id: ticket.id })}
            >
              {t.buttons.edit}
            </Button>
          ) : null}
        </PanelFooter>
      ) : null}
    </>
  );
}

/** The footer's status dropdown: confirm, optimistic, "Updating Status..." while saving. */
function StatusDropdown({ ticket }: { ticket: ApiTicket }) {
  const queryClient = useQueryClient();
  const statuses = useStatuses();
  const [state, setState] = useState<'idle' | 'asking' | 'saving'>('idle');
  const list = statuses.data ?? [];

  async function pick(value: string | null) {
    if (value === null || state !== 'idle' || Number(value) === ticket.status) return;
    setState('asking');
    await changeStatus(queryClient, {
      ids: [ticket.id],
      status: Number(value),
      statuses: list,
      onSending: () => setState('saving'),
    });
    setState('idle');
  }

  // At most 200 px, and as narrow as the footer needs to hold Delete and Edit beside it on one line (phones).
  return (
    <div style={{ marginRight: 'auto', flex: '1 1 100px', minWidth: 0, maxWidth: 200 }}>
      {state === 'saving' ? (
        <Button variant="default" disabled leftSection={<Loader size={14} aria-hidden />} fullWidth>
          {t.buttons.updatingStatus}
        </Button>
      ) : (
        <Select
          aria-label={S.changeStatus}
          data={list.map((text, index) => ({ value: String(index), label: text }))}
          value={list.length > 0 ? String(ticket.status) : null}
          placeholder={statuses.isError ? t.errors.statusesFetch : ticket.status_text}
          onChange={(value) => void pick(value)}
          allowDeselect={false}
          disabled={state !== 'idle' || list.length === 0}
          comboboxProps={{ zIndex: 400, position: 'top-start' }}
          leftSection={<StatusDot slug={ticket.status_slug} />}
        />
      )}
    </div>
  );
}

function StatusDot({ slug }: { slug: string }) {
  return (
    <span
      aria-hidden
      style={{
        width: 10,
        height: 10,
        borderRadius: '50%',
        background: `var(--mantine-color-${statusColor(slug)}-6)`,
      }}
    />
  );
}
