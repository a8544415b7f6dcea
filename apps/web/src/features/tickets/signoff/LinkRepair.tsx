/**
 * The completed ticket of a signed sign-off link (SignoffLinkPage.tsx), for a phone's width: its number and title,
 * where it is, who did the work and when it was completed.
 */
import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ApiSignoffLink } from '@mend/shared';
import { DetailField, DetailFields } from '../../../components/details';
import { t } from '../../../lib/translations';
import { longTime } from '../assignment/assignment-rules';
import { placeLine } from '../ticket-place';

const S = t.ticketScreens;

export function LinkRepair({ repair }: { repair: ApiSignoffLink }) {
  const place = placeLine(repair);
  return (
    <Paper withBorder radius="md" p="md" data-signoff-repair={repair.ticket_id}>
      <Stack gap="sm">
        <Stack gap={2}>
          <Text size="xs" c="dimmed" ff="monospace">
            #{repair.visible_id}
          </Text>
          <Title order={2} fz={18} lh={1.3} style={{ overflowWrap: 'anywhere' }}>
            {repair.title}
          </Title>
        </Stack>
        <DetailFields>
          <DetailField label={S.columns.property}>{place}</DetailField>
          {repair.contractor_name ? (
            <DetailField label={S.signoff.contractor}>{repair.contractor_name}</DetailField>
          ) : null}
          <DetailField label={S.signoff.completed}>{longTime(repair.asked_at_timestamp)}</DetailField>
        </DetailFields>
      </Stack>
    </Paper>
  );
}
