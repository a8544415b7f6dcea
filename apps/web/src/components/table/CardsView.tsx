/**
 * A list as cards (a phone, see usePhoneLayout): each record's ListCard in the screen's width, the open
 * record's highlighted; no selection. The list's message (loading, empty, failed) takes their place.
 */
import { Text, VisuallyHidden } from '@mantine/core';
import classes from './DataTable.module.css';
import { ListCard, type ListCardContent } from './ListCard';
import cardClasses from './ListCard.module.css';
import type { Identified, ListStatus } from './table-types';

export interface CardsViewProps<T extends Identified> {
  rows: T[];
  /** A record as its card shows it (kept the same across renders: see ListCard). */
  card: (row: T) => ListCardContent;
  status: ListStatus;
  /** Names the list. */
  label: string;
  captionId: string;
  highlightedId: number | null;
  /** Opens a record in the app; kept the same across renders (the cards are memoised). */
  onOpen: (row: T) => void;
  /** The address each record opens at (its card is a link to it); null when records do not open. */
  hrefOf: ((row: T) => string) | null;
}

export function CardsView<T extends Identified>({
  rows,
  card,
  status,
  label,
  captionId,
  highlightedId,
  onOpen,
  hrefOf,
}: CardsViewProps<T>) {
  return (
    <>
      <VisuallyHidden id={captionId}>{label}</VisuallyHidden>
      {status.message ? (
        <div className={classes.message}>
          <Text c="dimmed" role={status.pending ? 'status' : undefined}>
            {status.message}
          </Text>
        </div>
      ) : (
        <ul
          className={`${cardClasses.list} ${status.stale ? classes.fetching : ''}`}
          aria-labelledby={captionId}
          aria-busy={status.fetching || undefined}
        >
          {rows.map((record) => (
            <ListCard<T>
              key={record.id}
              record={record}
              card={card}
              highlighted={record.id === highlightedId}
              onOpen={onOpen}
              href={hrefOf ? hrefOf(record) : null}
            />
          ))}
        </ul>
      )}
    </>
  );
}
