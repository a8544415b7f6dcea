/**
 * A ticket's next due time in the lists (issue 26): an open ticket's time at its property, with a tag when it is past
 * due ("Overdue", red) or due today ("Due today", orange); nothing for a closed ticket. On a phone's card, only a
 * ticket past due or due today, with which due time it is ("Overdue Response due Tue, Dec 1, 4:00 PM"). Plain
 * elements, as the list's other cells (TicketColumns.tsx); the state follows `now` (useNow).
 */
import type { ApiTicketDue } from '@mend/shared';
import { useCallback } from 'react';
import { usePageRender } from '../../../lib/prerendered';
import { t } from '../../../lib/translations';
import classes from './due.module.css';
import { dueStateAt, dueStateText, listsDueState, nextDueText, nextDueTime } from './due-rules';

/** `dueStateAt` on this page: the server's state while `now` is still the page's server render. */
export function useDueStateAt() {
  const renderedAt = usePageRender()?.renderedAt ?? null;
  return useCallback(
    (due: ApiTicketDue | null, now: number) => (due ? dueStateAt(due, now, renderedAt) : null),
    [renderedAt],
  );
}

export function DueMark({
  due,
  now,
  inCard = false,
}: {
  due: ApiTicketDue | null;
  now: number;
  /** On a phone's card, where no column header names it. */
  inCard?: boolean;
}) {
  const state = useDueStateAt()(due, now);
  const time = due ? nextDueTime(due) : null;
  if (!due || state === null || time === null) {
    if (inCard) return null;
    return (
      <span className={classes.due} data-empty>
        {t.screens.empty}
      </span>
    );
  }
  const tagged = listsDueState(state);
  if (inCard && !tagged) return null;
  const text = nextDueText(due) ?? time;
  return (
    <span
      className={classes.due}
      data-in={inCard ? 'card' : undefined}
      data-state={state}
      data-due={state}
      title={inCard ? undefined : text}
    >
      {tagged ? (
        <span className={classes.tag} data-state={state}>
          {dueStateText(state)}
        </span>
      ) : null}
      <span className={classes.time}>{inCard ? text : time}</span>
    </span>
  );
}
