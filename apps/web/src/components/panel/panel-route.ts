/**
 * The side panel's mode lives in the URL (SPEC.md section 2): /units is the list with the panel
 * closed, /units/create the create form, /units/5 the record's details and /units/5/edit its edit
 * form. Reloading and back/forward therefore restore the panel. The query string is the list's (its page,
 * sort, search and filters: components/table/list-url.ts): moving between the list and its panels keeps it.
 */

export type PanelMode = 'closed' | 'view' | 'edit' | 'create';

export interface PanelState {
  mode: PanelMode;
  /** The record shown (view, edit); null when closed or creating. */
  id: number | null;
}

export const CLOSED: PanelState = { mode: 'closed', id: null };

function parseId(text: string): number | null {
  if (!/^\d{1,15}$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Whether `pathname` is the list path `base` (e.g. '/units') or one of its panels' paths. */
export function isUnderList(base: string, pathname: string): boolean {
  const root = base.replace(/\/+$/, '');
  return pathname === root || pathname.startsWith(`${root}/`);
}

/** The panel state of `pathname` under the list path `base` (e.g. '/units'); unknown paths are closed. */
export function panelFromPath(base: string, pathname: string): PanelState {
  const root = base.replace(/\/+$/, '');
  if (!isUnderList(base, pathname)) return CLOSED;
  const rest = pathname.slice(root.length).replace(/\/+$/, '');
  if (rest === '') return CLOSED;
  if (rest === '/create') return { mode: 'create', id: null };
  const match = /^\/([^/]+)(\/edit)?$/.exec(rest);
  const id = match ? parseId(match[1]) : null;
  if (!match || id === null) return CLOSED;
  return { mode: match[2] ? 'edit' : 'view', id };
}

/** The path of a panel state under `base`. */
export function pathForPanel(base: string, state: PanelState): string {
  const root = base.replace(/\/+$/, '');
  if (state.mode === 'create') return `${root}/create`;
  if (state.id === null || state.mode === 'closed') return root;
  return state.mode === 'edit' ? `${root}/${state.id}/edit` : `${root}/${state.id}`;
}

/** Where Cancel goes: from an edit form to the record's details, from anything else to the list. */
export function cancelTarget(state: PanelState): PanelState {
  if (state.mode === 'edit' && state.id !== null) return { mode: 'view', id: state.id };
  return CLOSED;
}

/** Where a successful save goes: the saved record's details. */
export function savedTarget(id: number): PanelState {
  return { mode: 'view', id };
}

/** Closing (or leaving) the panel while editing or creating asks for confirmation first. */
export function needsLeaveConfirmation(state: PanelState): boolean {
  return state.mode === 'edit' || state.mode === 'create';
}
