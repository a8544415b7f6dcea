/**
 * A landlord's service targets in its details (issue 26): per priority, its hours to a response and to a resolution
 * ("Response (hours): 24"), one line each, so they read at any width.
 */
import { Stack } from '@mantine/core';
import type { TargetField } from '@mend/shared';
import { DetailField, DetailFields, DetailSection } from '../../components/details';
import { labelled } from '../../components/table/ListCard';
import { t } from '../../lib/translations';
import { TARGET_ROWS, targetHours } from './targets';

export function TargetsSection({ landlord }: { landlord: Partial<Record<TargetField, number>> }) {
  const hours = targetHours(landlord);
  return (
    <DetailSection title={t.screens.fields.targets}>
      <DetailFields>
        {TARGET_ROWS.map((row) => (
          <DetailField key={row.priority} label={row.label}>
            <Stack gap={2} component="span" data-target-priority={row.priority}>
              {row.fields.map((field) => (
                <span key={field.name} data-target={field.name}>
                  {labelled(field.label, hours[field.name])}
                </span>
              ))}
            </Stack>
          </DetailField>
        ))}
      </DetailFields>
    </DetailSection>
  );
}
