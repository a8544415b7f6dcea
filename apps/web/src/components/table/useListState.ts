/**
 * A list's page, sort, search and filters (list-url.ts). A screen's main list keeps them in the URL's
 * query string (`inUrl`), so reload, Back and a shared link keep them; a list inside a panel or a tab keeps
 * them in memory, with the same rules, and leaves the address to the screen and its side panel.
 *
 * In the URL, a page, sort or filter change is a new history entry (Back steps through the pages); a search
 * replaces the entry it is typed in, and so does a page the list corrects (one that no longer exists). The
 * path, its hash and its history state (e.g. a panel's) stay as they are.
 */
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { TableSort } from './list-query';
import {
  type ListShape,
  type ListState,
  readListState,
  withFilter,
  withPage,
  withSearch,
  withSort,
  writeListState,
} from './list-url';

export interface ListStateControls {
  state: ListState;
  /** Another page: a new history entry, or the same one with `replace` (a correction, not a step). */
  setPage: (page: number, options?: { replace?: boolean }) => void;
  /** Another sort, from page 1: a new history entry. */
  setSort: (sort: TableSort) => void;
  /** Another search, from page 1: replaces the history entry (call it debounced, not per keystroke). */
  setSearch: (search: string) => void;
  /** A filter's value (null or '' clears it), from page 1: a new history entry. */
  setFilter: (name: string, value: string | null) => void;
}

/**
 * The list state of `shape` (its `sortKeys` and `filters` kept the same across renders, e.g. constants or
 * memoised), in the URL when `inUrl` (one list per screen), else in memory.
 */
export function useListState(shape: ListShape, inUrl: boolean): ListStateControls {
  const location = useLocation();
  const navigate = useNavigate();
  const [memory, setMemory] = useState('');
  const query = inUrl ? location.search : memory;

  const { id: sortId, desc: sortDesc } = shape.defaultSort;
  const { sortKeys, filters } = shape;
  const stableShape = useMemo<ListShape>(
    () => ({ defaultSort: { id: sortId, desc: sortDesc }, sortKeys, filters }),
    [sortId, sortDesc, sortKeys, filters],
  );
  const state = useMemo(() => readListState(new URLSearchParams(query), stableShape), [query, stableShape]);

  // The changes read the latest query (also one written a moment ago and not rendered yet).
  const latest = useRef({ query, shape: stableShape, location, inUrl });
  useLayoutEffect(() => {
    latest.current = { query, shape: stableShape, location, inUrl };
  }, [query, stableShape, location, inUrl]);

  const change = useCallback(
    (update: (current: ListState) => ListState, replace: boolean) => {
      const { query: current, shape: currentShape, location: here, inUrl: url } = latest.current;
      const params = new URLSearchParams(current);
      const before = writeListState(params, readListState(params, currentShape), currentShape).toString();
      const after = writeListState(
        params,
        update(readListState(params, currentShape)),
        currentShape,
      ).toString();
      if (after === before) return;
      const search = after ? `?${after}` : '';
      latest.current = { ...latest.current, query: search };
      if (!url) {
        setMemory(search);
        return;
      }
      void navigate(
        { pathname: here.pathname, search, hash: here.hash },
        { replace, state: here.state, preventScrollReset: true },
      );
    },
    [navigate],
  );

  const setPage = useCallback(
    (page: number, options?: { replace?: boolean }) =>
      change((current) => withPage(current, page), options?.replace ?? false),
    [change],
  );
  const setSort = useCallback(
    (sort: TableSort) => change((current) => withSort(current, sort), false),
    [change],
  );
  const setSearch = useCallback(
    (search: string) => change((current) => withSearch(current, search), true),
    [change],
  );
  const setFilter = useCallback(
    (name: string, value: string | null) => change((current) => withFilter(current, name, value), false),
    [change],
  );

  return useMemo(
    () => ({ state, setPage, setSort, setSearch, setFilter }),
    [state, setPage, setSort, setSearch, setFilter],
  );
}
