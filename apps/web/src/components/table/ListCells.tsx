/**
 * A list's cells that are text: the record's title (bold, at most two lines) and a column's text on one line, cut
 * with an ellipsis. Plain elements, not Mantine's Text: a list renders many, and a Text per cell tripled the tickets
 * list's render time on slow phones.
 */
import type { ReactNode } from 'react';
import classes from './ListCells.module.css';

/** The title, whole in its tooltip; `className` sets its width where it stands alone in its cell. */
export function CellTitle({ text, className }: { text: string; className?: string }) {
  return (
    <p className={className ? `${classes.title} ${className}` : classes.title} title={text}>
      {text}
    </p>
  );
}

/** A column's text on one line: `width` by what it holds (names are wide, categories narrow); dimmed for "none". */
export function CellText({
  children,
  width,
  dimmed = false,
  title,
}: {
  children: ReactNode;
  width?: 'narrow' | 'wide';
  dimmed?: boolean;
  /** The whole text, where it is often cut (a schedule's rule). */
  title?: string;
}) {
  return (
    <span className={classes.text} data-width={width} data-dimmed={dimmed || undefined} title={title}>
      {children}
    </span>
  );
}
