/** The "Contact Details" panel: who wrote, how to reach them, when, the subject and the message. */
import { Button, Stack, Text } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import {
  DetailField,
  DetailFields,
  DetailHeader,
  DetailSection,
  PanelError,
  PanelStatus,
} from '../../components/details';
import { PanelFooter } from '../../components/panel/SidePanel';
import { EmailLink, PhoneLink } from '../../components/ReachLinks';
import { useRecord } from '../../lib/records';
import { t } from '../../lib/translations';
import { type ApiContactSubmission, senderName } from './contact-types';

const C = t.accountScreens.contactList;
const F = t.screens.fields;

function formatDateTime(timestamp: number | null | undefined): string {
  if (!timestamp) return t.screens.empty;
  return new Date(timestamp * 1000).toLocaleString(undefined, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
}

export function ContactDetails({ id }: { id: number }) {
  const query = useRecord<ApiContactSubmission>('contact', `contact/${id}`, id);
  if (query.isPending) return <PanelStatus loading />;
  if (query.isError) return <PanelError error={query.error} />;

  const submission = query.data;
  const meta = submission.meta ?? ({} as ApiContactSubmission['meta']);
  const name = senderName(submission);
  const reply = meta.email
    ? `mailto:${meta.email}?subject=${encodeURIComponent(`Re: ${submission.subject}`)}`
    : null;

  return (
    <>
      <Stack gap="lg" pt="md" pb="lg">
        <DetailHeader
          name={name}
          subtitle={meta.company_name && meta.company_name !== name ? meta.company_name : undefined}
        />
        <DetailSection title={C.sender}>
          <DetailFields>
            <DetailField label={F.email}>
              <EmailLink email={meta.email} />
            </DetailField>
            <DetailField label={F.phoneNumber}>
              <PhoneLink phone={meta.phone_number} />
            </DetailField>
            <DetailField label={F.companyName}>{meta.company_name}</DetailField>
            <DetailField label={C.received}>{formatDateTime(submission.created_at_timestamp)}</DetailField>
          </DetailFields>
        </DetailSection>
        <DetailSection title={C.subject}>
          <Text size="sm" fw={600}>
            {submission.subject}
          </Text>
        </DetailSection>
        <DetailSection title={C.message}>
          <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {submission.message}
          </Text>
        </DetailSection>
      </Stack>
      {reply ? (
        <PanelFooter>
          <Button component="a" href={reply} leftSection={<IconMailForward size={18} aria-hidden />}>
            {C.replyByEmail}
          </Button>
        </PanelFooter>
      ) : null}
    </>
  );
}
