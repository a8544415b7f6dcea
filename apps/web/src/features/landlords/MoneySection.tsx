/**
 * A landlord's money settings in its details (issue 26): its currency, the approval limit as money in that currency
 * ("$750.00"), and its owner contacts, each its name (and the language of its emails) over its email and phone, so
 * they read at any width.
 */
import { Stack, Text } from '@mantine/core';
import { type ApiLandlordOwner, type Currency, LANGUAGE_NAMES } from '@mend/shared';
import { DetailField, DetailFields, DetailSection } from '../../components/details';
import { EmailLink, PhoneLink } from '../../components/ReachLinks';
import { money, t } from '../../lib/translations';

const M = t.screens.money;

export function MoneySection({
  landlord,
}: {
  landlord: { currency: Currency; approval_limit_cents: number; owners?: readonly ApiLandlordOwner[] };
}) {
  const owners = landlord.owners ?? [];
  return (
    <DetailSection title={M.title}>
      <DetailFields>
        <DetailField label={M.currency}>
          <span data-money="currency">{landlord.currency}</span>
        </DetailField>
        <DetailField label={M.approvalLimit}>
          <span data-money="approval-limit">{money(landlord.approval_limit_cents, landlord.currency)}</span>
        </DetailField>
        <DetailField label={M.owners}>
          {owners.length === 0 ? (
            <Text size="sm" c="dimmed" component="span">
              {M.noOwners}
            </Text>
          ) : (
            <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={M.owners}>
              {owners.map((owner) => (
                <Stack key={owner.id} gap={0} component="li" data-owner={owner.id}>
                  <Text size="sm" fw={500} component="span">
                    {owner.name}{' '}
                    <Text size="xs" c="dimmed" component="span" title={M.ownerLanguage} data-owner-language>
                      {/* The language's own name, read out in that language. */}(
                      <span lang={owner.language}>{LANGUAGE_NAMES[owner.language]}</span>)
                    </Text>
                  </Text>
                  <EmailLink email={owner.email} />
                  <PhoneLink phone={owner.phone_number} dimmed />
                </Stack>
              ))}
            </Stack>
          )}
        </DetailField>
      </DetailFields>
    </DetailSection>
  );
}
