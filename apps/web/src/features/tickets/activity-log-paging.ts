/** The paging of a ticket's Activity log (SPEC.md section 2), no React: a long log opens short. */

/** How many log entries show after `clicks` clicks on "Show more +": `first`, then `more` per click. */
export function logEntriesShown(clicks: number, total: number, first: number, more: number): number {
  return Math.min(total, first + Math.max(0, clicks) * more);
}
