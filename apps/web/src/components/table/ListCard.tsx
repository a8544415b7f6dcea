/**
 * A list's record as a compact card, shown instead of its table row on phones (issue 23, section 2): the
 * record's essential fields stacked in the width of the screen, never scrolled sideways. Each list says
 * what its card shows (`ListCardContent`); the layout is the same everywhere. Plain elements styled by
 * ListCard.module.css, as the table's rows are (a list screen is mostly its rows).
 */
import { Avatar } from '@mantine/core';
import { memo, type ReactElement, type ReactNode } from 'react';
import { format, t } from '../../lib/translations';
import classes from './ListCard.module.css';
import { handledByBrowser } from './opening';

export interface ListCardContent {
  /** Before everything: an avatar, a marker. */
  leading?: ReactNode;
  /** The record's name, on at most two lines. */
  title: ReactNode;
  /** At the end of the title's line: a status. */
  badge?: ReactNode;
  /** Lines under the title, each cut to one line (empty ones are left out). */
  lines?: readonly ReactNode[];
  /** Texts under those, shown whole on as many lines as they take (a failure's reason). */
  notes?: readonly ReactNode[];
  /** Small facts on the last line, one after the other (a date, a count; empty ones are left out). */
  meta?: readonly ReactNode[];
  /** A button of the record (its clicks do not open the record). */
  action?: ReactNode;
}

/** Which of a card's parts to show: everything but null, undefined, false and ''. */
export function present(parts: readonly ReactNode[] | undefined): ReactNode[] {
  return (parts ?? []).filter((part) => part !== null && part !== undefined && part !== false && part !== '');
}

/** "Tenant: Jane Morrison": a field on a card, where no column header names it. */
export function labelled(label: string, value: string | number): string {
  return format(t.screens.phoneList.labelled, { label, value });
}

/** A record's picture at the start of its card (a span: the card is a link). */
export function CardAvatar({
  src,
  name,
  round = false,
}: {
  src?: string | null;
  name: string;
  round?: boolean;
}) {
  return (
    <Avatar
      component="span"
      src={src}
      name={name}
      color="initials"
      radius={round ? 'xl' : 'md'}
      size={36}
      alt=""
    />
  );
}

interface ListCardProps<T> {
  record: T;
  /** The list's card: new ones re-render the card. */
  card: (record: T) => ListCardContent;
  highlighted: boolean;
  /** Opens the record in the app, on a plain tap of its link. */
  onOpen: (record: T) => void;
  /**
   * Where the record opens: the card is a link to it, which a tap follows before the app has loaded (the server's
   * render) and which opens in a new tab; null when records do not open (the card is then only shown).
   */
  href: string | null;
}

/**
 * One record of a phone's list, re-rendered only when its own data, state or the list's card change. A
 * record that opens is a link to it; its own action (a button) sits beside it, not inside (a link holds no
 * other control).
 */
export const ListCard = memo(function ListCard<T>({
  record,
  card,
  highlighted,
  onOpen,
  href,
}: ListCardProps<T>) {
  const content = card(record);
  const lines = present(content.lines);
  const notes = present(content.notes);
  const meta = present(content.meta);
  const body = (
    <>
      {content.leading ? <span className={classes.leading}>{content.leading}</span> : null}
      <span className={classes.body}>
        <span className={classes.top}>
          <span className={classes.title}>{content.title}</span>
          {content.badge ? <span className={classes.badge}>{content.badge}</span> : null}
        </span>
        {lines.map((line, index) => (
          // The lines are fixed per list: their position is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <span key={index} className={classes.line}>
            {line}
          </span>
        ))}
        {notes.map((note, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed per list, as the lines
          <span key={index} className={classes.note}>
            {note}
          </span>
        ))}
        {meta.length > 0 ? (
          <span className={classes.meta}>
            <span className={classes.metaRow}>
              {meta.map((part, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed per list, as the lines
                <span key={index} className={classes.metaPart}>
                  {part}
                </span>
              ))}
            </span>
          </span>
        ) : null}
      </span>
    </>
  );
  return (
    <li className={classes.item} data-highlighted={highlighted || undefined}>
      {href !== null ? (
        <a
          href={href}
          className={classes.card}
          aria-current={highlighted ? 'true' : undefined}
          onClick={(event) => {
            if (handledByBrowser(event)) return;
            event.preventDefault();
            onOpen(record);
          }}
        >
          {body}
        </a>
      ) : (
        <div className={classes.card}>{body}</div>
      )}
      {content.action ? <div className={classes.action}>{content.action}</div> : null}
    </li>
  );
}) as <T>(props: ListCardProps<T>) => ReactElement;
