/**
 * Under a list: which rows show ("Showing 11 to 20 of 42", "100+" when the server stopped counting), how
 * many are selected, and the pager (first, previous, a window of PAGE_WINDOW page numbers, next, last)
 * when there is more than one page.
 */
import { ActionIcon, Box, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconChevronsLeft, IconChevronsRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { format, t } from '../../lib/translations';
import classes from './DataTable.module.css';
import { clampPage, pageWindow, rowRange } from './page-window';

export interface ListFooterProps {
  page: number;
  pages: number;
  perPage: number;
  total: number;
  /** The total is a lower bound (LIST_COUNT_CAP). */
  capped: boolean;
  /** How many records are selected (shown when some are); null without a selection. */
  selected: number | null;
  onPage: (page: number) => void;
}

function PagerButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <ActionIcon variant="default" size={32} onClick={onClick} disabled={disabled} aria-label={label}>
      {children}
    </ActionIcon>
  );
}

export function ListFooter({ page, pages, perPage, total, capped, selected, onPage }: ListFooterProps) {
  const range = rowRange(page, perPage, total);
  const go = (next: number) => onPage(clampPage(next, pages));
  const first = page <= 1;
  const last = page >= pages;

  return (
    <Group className={classes.footer} justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed" aria-live="polite">
        {total > 0
          ? format(t.screens.showing, { from: range.from, to: range.to, total: capped ? `${total}+` : total })
          : ' '}
        {selected ? (
          <Box component="span" ml="sm" fw={600} c="var(--mantine-color-text)">
            {format(t.screens.selected, { count: selected })}
          </Box>
        ) : null}
      </Text>
      {pages > 1 ? (
        <Group component="nav" aria-label={t.screens.pagination} gap={4}>
          <PagerButton label={t.screens.firstPage} disabled={first} onClick={() => go(1)}>
            <IconChevronsLeft size={16} aria-hidden />
          </PagerButton>
          <PagerButton label={t.screens.previousPage} disabled={first} onClick={() => go(page - 1)}>
            <IconChevronLeft size={16} aria-hidden />
          </PagerButton>
          {pageWindow(page, pages).map((number) => (
            <ActionIcon
              key={number}
              size={32}
              variant={number === page ? 'filled' : 'default'}
              onClick={() => go(number)}
              aria-label={format(t.screens.page, { page: number })}
              aria-current={number === page ? 'page' : undefined}
            >
              <Text size="sm" fw={600} component="span">
                {number}
              </Text>
            </ActionIcon>
          ))}
          <PagerButton label={t.screens.nextPage} disabled={last} onClick={() => go(page + 1)}>
            <IconChevronRight size={16} aria-hidden />
          </PagerButton>
          <PagerButton label={t.screens.lastPage} disabled={last} onClick={() => go(pages)}>
            <IconChevronsRight size={16} aria-hidden />
          </PagerButton>
        </Group>
      ) : null}
    </Group>
  );
}
