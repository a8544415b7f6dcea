import { Anchor, Badge, Table, Text } from '@mantine/core';
import { type ApiCategory, can } from '@mend/shared';
import {
  DescriptionSection,
  DetailField,
  DetailFields,
  DetailSection,
  formatDate,
} from '../../components/details';
import type { PanelControls } from '../../components/panel/usePanelRoute';
import { RecordDetails } from '../../components/records/RecordDetails';
import { useActor } from '../../lib/actor';
import { t } from '../../lib/translations';
import { categoryKind } from './kind';

const F = t.screens.fields;

/** An attribute value as shown: links open in a new tab. */
function AttributeValue({ format, value }: { format: string; value: string }) {
  if (!value) return <>{t.screens.empty}</>;
  if (format === 'url' && /^https?:\/\//i.test(value))
    return (
      <Anchor
        href={value}
        target="_blank"
        rel="noopener noreferrer"
        size="sm"
        style={{ overflowWrap: 'anywhere' }}
      >
        {value}
      </Anchor>
    );
  return <>{value}</>;
}

export function CategoryDetails({ id, panel }: { id: number; panel: PanelControls }) {
  const actor = useActor();
  return (
    <RecordDetails<ApiCategory>
      kind={categoryKind}
      id={id}
      panel={panel}
      name={(category) => category.title}
      canEdit={() => can(actor, 'category.update')}
      canDelete={() => can(actor, 'category.delete')}
    >
      {(category) => (
        <>
          <Text fz={20} fw={700} lh={1.25}>
            {category.title}
          </Text>
          <DescriptionSection text={category.description} />
          <DetailSection>
            <DetailFields>
              <DetailField label={F.created}>{formatDate(category.created_at_timestamp)}</DetailField>
            </DetailFields>
          </DetailSection>
          <DetailSection title={F.attributes}>
            {(category.attributes ?? []).length === 0 ? (
              <Text size="sm" c="dimmed">
                {t.screens.noAttributes}
              </Text>
            ) : (
              <Table withTableBorder verticalSpacing="xs" fz="sm" layout="fixed">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w="42%">{F.label}</Table.Th>
                    <Table.Th w="22%">{F.format}</Table.Th>
                    <Table.Th>{F.value}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {(category.attributes ?? []).map((attribute) => (
                    <Table.Tr key={attribute.id}>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{attribute.label}</Table.Td>
                      <Table.Td>
                        {attribute.format ? (
                          <Badge variant="light" color="gray" tt="none" fw={500}>
                            {attribute.format}
                          </Badge>
                        ) : (
                          t.screens.empty
                        )}
                      </Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>
                        <AttributeValue format={attribute.format} value={attribute.value} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </DetailSection>
        </>
      )}
    </RecordDetails>
  );
}
