/**
 * Contact submissions (SPEC.md sections 2 and 6; super admin): the list (Subject, From, Created,
 * searchable, newest first) and the side panel "Contact Details" at /contact/{id}. Submissions are
 * read-only: there is no create or edit panel.
 */
import { Stack, Text } from '@mantine/core';
import { LIST_SORTS } from '@mend/shared';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { formatDate, PanelStatus } from '../../components/details';
import { ListPage } from '../../components/panel/ListPage';
import { createdColumn } from '../../components/table/columns';
import type { ListCardContent } from '../../components/table/ListCard';
import { t } from '../../lib/translations';
import { ContactDetails } from './ContactDetails';
import { type ApiContactSubmission, senderName } from './contact-types';

const C = t.accountScreens.contactList;

function card(submission: ApiContactSubmission): ListCardContent {
  const name = senderName(submission);
  const company = submission.meta?.company_name;
  return {
    title: submission.subject,
    lines: [company && company !== name ? `${name} · ${company}` : name],
    meta: [formatDate(submission.created_at_timestamp)],
  };
}

export default function ContactPage() {
  const columns = useMemo<ColumnDef<ApiContactSubmission, unknown>[]>(
    () => [
      {
        id: 'subject',
        header: C.subject,
        cell: ({ row }) => (
          <Text size="sm" fw={600} lineClamp={1}>
            {row.original.subject}
          </Text>
        ),
      },
      {
        id: 'from',
        header: C.from,
        enableSorting: false,
        cell: ({ row }) => {
          const meta = row.original.meta;
          const name = senderName(row.original);
          return (
            <Stack gap={0} miw={0}>
              <Text size="sm" truncate="end">
                {name}
              </Text>
              {meta?.company_name && meta.company_name !== name ? (
                <Text size="xs" c="dimmed" truncate="end">
                  {meta.company_name}
                </Text>
              ) : null}
            </Stack>
          );
        },
      },
      createdColumn<ApiContactSubmission>({ header: C.created }),
    ],
    [],
  );

  return (
    <ListPage<ApiContactSubmission>
      base="/contact"
      title={C.title}
      table={{
        resource: 'contact',
        url: 'contact',
        columns,
        defaultSort: { id: 'created_at', desc: true },
        sortKeys: LIST_SORTS.contact,
        label: C.title,
        loadingText: t.loadingTexts.contact,
        emptyText: C.empty,
        searchPlaceholder: C.search,
        rowName: (row) => row.subject,
        exportable: true,
        card,
      }}
      panelTitles={{
        view: t.titles.contactDetails,
        create: t.titles.contactDetails,
        edit: t.titles.contactDetails,
      }}
      renderPanel={(state) =>
        state.mode === 'view' && state.id !== null ? (
          <ContactDetails id={state.id} />
        ) : (
          <PanelStatus error={t.errors.notFound} />
        )
      }
    />
  );
}
