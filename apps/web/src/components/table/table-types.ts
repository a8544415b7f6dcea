/** What the list table's parts share: a listed record, the selection for bulk actions, the list's status. */

/** A listed record: its id names its row, its card and its panel. */
export interface Identified {
  id: number;
}

/**
 * How a list's records open: in the app (a click or tap, or Enter on the focused row), and at their own address,
 * which a phone's card and a row's first cell link to, so a tap before the app's code has loaded (a server-rendered
 * list) or a new tab opens the record too. A list either opens its records both ways, on both layouts, or not at all.
 */
export interface RecordOpening<T> {
  onOpen: (row: T) => void;
  hrefOf: (row: T) => string;
}

export interface TableSelection {
  selectedIds: readonly number[];
  onChange: (ids: number[]) => void;
}

/** What a list shows instead of its rows, and how fresh its rows are (both views). */
export interface ListStatus {
  /** "Loading Units...", "No units found", a list's own message or the failure; null when there are rows. */
  message: string | null;
  /** The first page is still loading (the message is then a status). */
  pending: boolean;
  /** A page is being fetched. */
  fetching: boolean;
  /** The rows shown are the previous page's while the next one loads (dimmed). */
  stale: boolean;
}
