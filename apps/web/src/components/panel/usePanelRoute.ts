/**
 * The side panel state of a list page, read from and written to the URL's path (see panel-route.ts); the
 * query string (the list's page, sort, search and filters) stays as the panel opens, changes and closes.
 */
import { useCallback, useMemo, useRef } from 'react';
import { createPath, useLocation, useNavigate } from 'react-router';
import { confirmClosePanel } from '../feedback';
import {
  CLOSED,
  cancelTarget,
  isUnderList,
  needsLeaveConfirmation,
  type PanelState,
  panelFromPath,
  pathForPanel,
  savedTarget,
} from './panel-route';

export interface PanelControls {
  state: PanelState;
  /** Goes to a panel state at once (links inside a panel, Edit button). */
  go: (next: PanelState, options?: { replace?: boolean; state?: unknown }) => void;
  /** Goes to a panel state, asking first when an edit or create form would be left. */
  leaveTo: (next: PanelState) => Promise<void>;
  /** The address of a panel state, the list's query string kept (what `go` would navigate to). */
  hrefFor: (next: PanelState) => string;
  /** The close button and Escape: back to the list (asks while editing or creating). */
  close: () => Promise<void>;
  /** Cancel: edit -> details, create -> list (no question: Cancel is the user's explicit choice). */
  cancel: () => void;
  /** After a save: the record's details (replacing the form in the history), with optional history state. */
  saved: (id: number, state?: unknown) => void;
  /** After a delete: the list. */
  deleted: () => void;
}

export function usePanelRoute(base: string): PanelControls {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const state = useMemo(() => panelFromPath(base, pathname), [base, pathname]);
  const asking = useRef(false);
  // The list's query string, when the list is where we are.
  const listSearch = isUnderList(base, pathname) ? search : '';

  const hrefFor = useCallback(
    (next: PanelState) => createPath({ pathname: pathForPanel(base, next), search: listSearch }),
    [base, listSearch],
  );
  const go = useCallback(
    (next: PanelState, options?: { replace?: boolean; state?: unknown }) => navigate(hrefFor(next), options),
    [hrefFor, navigate],
  );

  const leaveTo = useCallback(
    async (next: PanelState) => {
      if (pathForPanel(base, next) === pathForPanel(base, state)) return;
      if (needsLeaveConfirmation(state)) {
        // Escape also reaches the panel while the question is open: ask once.
        if (asking.current) return;
        asking.current = true;
        const confirmed = await confirmClosePanel();
        asking.current = false;
        if (!confirmed) return;
      }
      go(next);
    },
    [base, go, state],
  );

  return {
    state,
    go,
    leaveTo,
    hrefFor,
    close: () => leaveTo(CLOSED),
    cancel: () => go(cancelTarget(state)),
    saved: (id: number, historyState?: unknown) =>
      go(savedTarget(id), { replace: true, state: historyState }),
    deleted: () => go(CLOSED, { replace: true }),
  };
}
