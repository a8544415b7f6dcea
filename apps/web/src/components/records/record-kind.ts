/**
 * What a record screen is about (SPEC.md sections 2–6): landlords, properties, units, categories and the
 * three user lists are one pattern — a list, a details panel and a form in the side panel — each
 * configured by its kind. The kind names the API collection, which is also the cache's resource and the
 * screen's address, and the words its texts are made of.
 */
import type { WrittenResource } from '../../lib/invalidation';
import { format, t } from '../../lib/translations';

/** A kind of record in its texts' words: "Unit", "Units", "unit", "units". */
export interface EntityWords {
  one: string;
  many: string;
  word: string;
  words: string;
}

export interface RecordKind {
  /** The API collection ('units' → /api/units/5), the cache's resource and the screen's path (/units). */
  resource: WrittenResource;
  entity: EntityWords;
  /** The keys its list sorts by (LIST_SORTS in @mend/shared). */
  sortKeys: readonly string[];
}

/** The screen's address: /units. */
export function screenPath(kind: RecordKind): string {
  return `/${kind.resource}`;
}

/** A record's API path: units/5. */
export function recordUrl(kind: RecordKind, id: number): string {
  return `${kind.resource}/${id}`;
}

/** The form's options: units/create, or units/5/edit (the record and its options). */
export function formUrl(kind: RecordKind, id: number | null): string {
  return id === null ? `${kind.resource}/create` : `${kind.resource}/${id}/edit`;
}

/** The side panel's titles: "Unit Details", "Create New Unit", "Edit Unit". */
export function panelTitles(kind: RecordKind) {
  const entity = kind.entity.one;
  return {
    view: format(t.screens.detailsTitle, { entity }),
    create: format(t.screens.createTitle, { entity }),
    edit: format(t.screens.editTitle, { entity }),
  };
}
