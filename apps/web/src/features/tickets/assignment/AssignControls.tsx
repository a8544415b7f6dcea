/**
 * Staff's controls of a ticket's contractor (issue 25; `can.assign`): the contractors of its landlord grouped
 * as "Matched by routing" and "Other contractors of the landlord", Assign (Reassign once someone is), checked
 * with the shared assignmentSchema and sent through the one submit hook (PUT tickets/{id}/assignment: the
 * server's field error on the select, its 409 in the summary); and Unassign, after a question.
 */
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { type ApiTicket, type ApiTicketAssignmentResponse, assignmentSchema } from '@mend/shared';
import { IconUserMinus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { FormButton } from '../../../components/FormButton';
import { confirmAction } from '../../../components/feedback';
import { FormErrorAlert } from '../../../components/forms/FormErrorAlert';
import { useSubmittingForm } from '../../../components/forms/useSubmittingForm';
import { invalidateAfterWrite } from '../../../lib/invalidation';
import { errorMessage } from '../../../lib/records';
import { format, t } from '../../../lib/translations';
import { ticketDetailKey } from '../ticket-data';
import { sendAssignment, useAssignableContractors } from './assignment-data';
import { assignmentPath, contractorGroups } from './assignment-rules';

const A = t.ticketScreens.assignment;

interface AssignValues extends Record<string, unknown> {
  contractor_id: string;
}

export function AssignControls({ ticket, onGone }: { ticket: ApiTicket; onGone: () => void }) {
  const queryClient = useQueryClient();
  const assignment = ticket.assignment;
  const contractors = useAssignableContractors(ticket.id, true);
  const groups = useMemo(
    () => contractorGroups(contractors.data ?? [], assignment?.id ?? null),
    [contractors.data, assignment?.id],
  );
  const count = contractors.data?.length ?? 0;
  const [unassigning, setUnassigning] = useState(false);

  const { form, submit, submission } = useSubmittingForm<AssignValues>({
    initialValues: { contractor_id: '' },
    schema: assignmentSchema,
    writes: 'assignments',
  });

  const onSubmit = form.onSubmit(async (values) => {
    const result = await submit<ApiTicketAssignmentResponse>({
      method: 'PUT',
      url: assignmentPath(ticket.id),
      body: { contractor_id: values.contractor_id },
      toast: { title: t.toasts.ticketUpdated },
    });
    if (!result) return;
    if (!result.ok) {
      // Assigned meanwhile, or the ticket closed: the details show how it stands now.
      if (result.status === 409) void invalidateAfterWrite(queryClient, 'assignments');
      return;
    }
    if (result.data?.data) queryClient.setQueryData(ticketDetailKey(ticket.id), result.data.data);
    form.reset();
  });

  async function unassign() {
    if (!assignment || unassigning) return;
    const confirmed = await confirmAction({
      title: A.unassign,
      message: format(A.confirmUnassign, { name: assignment.name }),
      confirmLabel: A.unassign,
      cancelLabel: t.confirm.no,
      danger: true,
    });
    if (!confirmed) return;
    setUnassigning(true);
    await sendAssignment(queryClient, ticket.id, 'unassign', onGone);
    setUnassigning(false);
  }

  const unassignButton = assignment ? (
    <Button
      variant="subtle"
      color="red"
      leftSection={<IconUserMinus size={16} aria-hidden />}
      loading={unassigning}
      onClick={() => void unassign()}
    >
      {A.unassign}
    </Button>
  ) : null;

  if (contractors.isError)
    return (
      <Stack gap="xs" align="flex-start">
        <Text size="sm" c="red.9" role="alert">
          {errorMessage(contractors.error)}
        </Text>
        {unassignButton}
      </Stack>
    );
  if (contractors.isSuccess && count === 0)
    return (
      <Stack gap="xs" align="flex-start">
        <Text size="sm" c="dimmed">
          {A.noContractors}
        </Text>
        {unassignButton}
      </Stack>
    );

  return (
    <form onSubmit={onSubmit} noValidate aria-label={assignment ? A.reassign : A.assign}>
      <Stack gap="sm">
        <Select
          size="sm"
          label={A.contractor}
          placeholder={contractors.isPending ? t.app.loading : A.choose}
          data={groups}
          disabled={contractors.isPending}
          searchable={count > 8}
          nothingFoundMessage={t.screens.nothingFound}
          comboboxProps={{ zIndex: 400 }}
          name="contractor_id"
          {...form.getInputProps('contractor_id')}
          value={form.values.contractor_id || null}
          onChange={(value) => form.setFieldValue('contractor_id', value ?? '')}
          allowDeselect={false}
        />
        <FormErrorAlert error={submission.error} />
        <Group gap="sm" justify="space-between" wrap="wrap">
          {unassignButton ?? <span />}
          <FormButton
            miw={120}
            state={submission.buttonState}
            label={assignment ? A.reassign : A.assign}
            errorLabel={t.buttonErrors.save}
            disabled={!submission.canSubmit && submission.buttonState === 'default'}
          />
        </Group>
      </Stack>
    </form>
  );
}
