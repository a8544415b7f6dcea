import { describe, expect, it } from 'vitest';
import { formUrl, panelTitles, type RecordKind, recordUrl, screenPath } from './record-kind';

const units: RecordKind = {
  resource: 'units',
  entity: { one: 'Unit', many: 'Units', word: 'unit', words: 'units' },
  sortKeys: ['name', 'created_at'],
};

describe('a record kind', () => {
  it('names the screen, the record and the form by its collection', () => {
    expect(screenPath(units)).toBe('/units');
    expect(recordUrl(units, 5)).toBe('units/5');
    expect(formUrl(units, null)).toBe('units/create');
    expect(formUrl(units, 5)).toBe('units/5/edit');
  });

  it('titles the side panel with its entity', () => {
    expect(panelTitles(units)).toEqual({
      view: 'Unit Details',
      create: 'Create New Unit',
      edit: 'Edit Unit',
    });
  });
});
