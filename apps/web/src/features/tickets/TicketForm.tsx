/**
 * "Create New Ticket" and "Edit Ticket" (SPEC.md sections 2, 5, 6): contact fields (prefilled from the
 * signed-in user on create), the unit or, for staff, the whole property (issue 26) (picked by roles 0 and 1
 * on create, by the super admin only on edit; a tenant's tickets are on its own unit), title, description,
 * photos, category (offered on the unit; any on a whole property), priority, status (edit, roles 0 and 1)
 * and availability ranges. Checked with the shared ticketSchema on blur and on submit; the server's 422
 * errors land on their fields. After a create the "Ticket Created" dialog shows, then the ticket's details.
 *
 * The sections are ContactSection, ProblemSection and AvailabilitySection; the starting values are
 * ticket-form-values.ts's, the submit useTicketSubmit's.
 */
import { type ApiTicket, type ApiUser, can, deviceTimeZone, ticketSchema } from '@mend/shared';
import { useMemo, useState } from 'react';
import { PanelError, PanelStatus } from '../../components/details';
import { RecordFormShell } from '../../components/forms/RecordFormShell';
import { useRecordForm } from '../../components/forms/useRecordForm';
import type { ParsingSchema } from '../../components/forms/zod-errors';
import { NotAllowed } from '../../components/NotAllowed';
import type { PanelControls } from '../../components/panel/usePanelRoute';
import { useActor } from '../../lib/actor';
import { useCurrentUser } from '../../lib/auth';
import { t } from '../../lib/translations';
import { AvailabilitySection } from './AvailabilitySection';
import { keptRanges } from './availability-ranges';
import { ContactSection } from './ContactSection';
import { ProblemSection } from './ProblemSection';
import { useOwnUnit, useTicket } from './ticket-data';
import {
  initialTicketValues,
  type TicketFormFields,
  ticketUnitChoice,
  type UnitChoice,
} from './ticket-form-values';
import { photosError, ticketPayload } from './ticket-payload';
import { useTicketSubmit } from './useTicketSubmit';

/** Loads what the form needs (the ticket to edit, a tenant's own unit), then shows it. */
export function TicketFormPanel({ id, panel }: { id: number | null; panel: PanelControls }) {
  const actor = useActor();
  const { user } = useCurrentUser();
  const creating = id === null;
  const ticketQuery = useTicket(id);
  const ownUnit = useOwnUnit(creating && !can(actor, 'ticket.pickUnit'));

  if (creating && !can(actor, 'ticket.create')) return <NotAllowed variant="panel" />;
  if (!creating) {
    if (ticketQuery.isPending) return <PanelStatus loading />;
    if (!ticketQuery.data) return <PanelError error={ticketQuery.error} />;
    if (!ticketQuery.data.can.update) return <NotAllowed variant="panel" />;
    return <TicketForm ticket={ticketQuery.data} user={user} unit={null} panel={panel} />;
  }
  if (!can(actor, 'ticket.pickUnit')) {
    if (ownUnit.isPending) return <PanelStatus loading />;
    if (ownUnit.isError) return <PanelError error={ownUnit.error} />;
    if (!ownUnit.data) return <PanelStatus error={t.tickets.noUnit} />;
    return (
      <TicketForm
        ticket={null}
        user={user}
        unit={{ value: String(ownUnit.data.id), label: ownUnit.data.name, timeZone: ownUnit.data.time_zone }}
        panel={panel}
      />
    );
  }
  return <TicketForm ticket={null} user={user} unit={null} panel={panel} />;
}

function TicketForm({
  ticket,
  user,
  unit,
  panel,
}: {
  ticket: ApiTicket | null;
  user: ApiUser;
  unit: UnitChoice | null;
  panel: PanelControls;
}) {
  const actor = useActor();
  const creating = ticket === null;
  const includeStatus = !creating && can(actor, 'ticket.setStatusInForm');
  const existing = ticket?.image_files ?? [];

  // The shared schema checks the body as it is sent, keyed by the form's paths; an older ticket's stored
  // ranges may stay as they are even when they start before yesterday.
  // The times are the property's (DESIGN.md "Time"): the chosen unit's zone, the ticket's on edit; the
  // device's only while a manager has not picked a unit yet.
  const initialUnit: UnitChoice | null = ticket ? ticketUnitChoice(ticket) : unit;
  const [chosenUnit, setChosenUnit] = useState<UnitChoice | null>(initialUnit);
  const timeZone = chosenUnit?.timeZone ?? deviceTimeZone();
  const stored = ticket?.availability_ranges;
  const schema = useMemo<ParsingSchema>(() => {
    const ticketForm = ticketSchema({ kept: keptRanges(stored ?? [], timeZone), timeZone });
    return {
      safeParse: (values) =>
        ticketForm.safeParse(ticketPayload(values as TicketFormFields, { includeStatus })),
    };
  }, [includeStatus, stored, timeZone]);
  const { form, canSubmit } = useRecordForm<TicketFormFields>({
    initialValues: initialTicketValues(ticket, user, unit, timeZone),
    schema,
    extraValidate: (values): Record<string, string> => {
      const message = photosError(values.images, existing.length - values.remove_images.length);
      return message ? { images: message } : {};
    },
    stored: !creating,
  });
  const { buttonState, error, onSubmit } = useTicketSubmit(form, { ticket, includeStatus, panel });
  // A chosen photo being scaled down is not in the form yet: no submit until it is.
  const [preparingPhotos, setPreparingPhotos] = useState(false);

  return (
    <RecordFormShell
      onSubmit={(event) => {
        if (preparingPhotos) event?.preventDefault();
        else onSubmit(event);
      }}
      error={error}
      buttonState={buttonState}
      canSubmit={canSubmit && !preparingPhotos}
      submitLabel={creating ? t.buttons.create : t.buttons.save}
      errorLabel={creating ? t.buttonErrors.create : t.buttonErrors.update}
      onCancel={panel.cancel}
    >
      <ContactSection form={form} />
      <ProblemSection
        form={form}
        ticket={ticket}
        includeStatus={includeStatus}
        chosenUnit={chosenUnit}
        setChosenUnit={setChosenUnit}
        timeZone={timeZone}
        existing={existing}
        onPreparingPhotosChange={setPreparingPhotos}
      />
      <AvailabilitySection form={form} timeZone={timeZone} />
    </RecordFormShell>
  );
}
