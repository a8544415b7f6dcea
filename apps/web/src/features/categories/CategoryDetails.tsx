import { Anchor, Badge, Stack, Table, Text } from '@mantine/core';
import { type ApiCategory, can } from '@mend/shared';
import { DetailActions } from '../../components/DetailActions';
import {
  DetailField,
  DetailFields,
  DetailSection,
  formatDate,
  PanelError,
  PanelStatus,
} from '../../components/details';
import type { PanelControls } from '../../components/panel/usePanelRoute';
import { useDeleteRecord } from '../../components/useDeleteRecord';
import { useActor } from '../../lib/actor';
import { useRecord } from '../../lib/records';
import { t } from '../../lib/translations';

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
  const query = useRecord<ApiCategory>('categories', `categories/${id}`, id);
  const { remove, deleting } = useDeleteRecord();
  if (query.isPending) return <PanelStatus loading />;
  if (query.isError) return <PanelError error={query.error} />;

  const category = query.data;
  const attributes = category.attributes ?? [];

  return (
    <>
      <Stack gap="lg" pt="md" pb="lg">
        <Text fz={20} fw={700} lh={1.25}>
          {category.title}
        </Text>
        <DetailSection title={F.description}>
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {category.description || t.screens.empty}
          </Text>
        </DetailSection>
        <DetailSection>
          <DetailFields>
            <DetailField label={F.created}>{formatDate(category.created_at_timestamp)}</DetailField>
          </DetailFields>
        </DetailSection>
        <DetailSection title={F.attributes}>
          {attributes.length === 0 ? (
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
                {attributes.map((attribute) => (
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
      </Stack>
      <DetailActions
        onEdit={can(actor, 'category.update') ? () => panel.go({ mode: 'edit', id: category.id }) : null}
        deleting={deleting}
        onDelete={
          can(actor, 'category.delete')
            ? () =>
                remove({
                  path: category.path || `categories/${category.id}`,
                  entity: t.screens.entities.category.word,
                  name: category.title,
                  resource: 'categories',
                  onDeleted: panel.deleted,
                })
            : null
        }
      />
    </>
  );
}
