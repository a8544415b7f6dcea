/**
 * A record's link in a list (a phone's card, a row's first cell): the app opens the record itself on a plain click,
 * and leaves every other click to the browser.
 */
import type { MouseEvent } from 'react';

/** A click the browser should handle itself: in a new tab or window, a download, not the main button. */
export function handledByBrowser(event: MouseEvent): boolean {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}
