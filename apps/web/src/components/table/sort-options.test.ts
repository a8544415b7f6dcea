import { describe, expect, it } from 'vitest';
import { sortBy, sortOptions } from './sort-options';

describe('sortOptions', () => {
  it('offers the sortable columns by their header, in their order', () => {
    expect(
      sortOptions([
        { id: 'title', header: 'Title' },
        { id: 'visible_id', header: 'ID', enableSorting: false },
        { id: 'status', header: 'Status', enableSorting: true },
        { id: 'actions', header: () => null },
        { header: 'No id' },
        { id: 'created_at', header: 'Created Date' },
      ]),
    ).toEqual([
      { value: 'title', label: 'Title' },
      { value: 'status', label: 'Status' },
      { value: 'created_at', label: 'Created Date' },
    ]);
  });
});

describe('sortBy', () => {
  it('keeps the direction of the field already sorted by', () => {
    expect(sortBy({ id: 'created_at', desc: true }, 'created_at')).toEqual({ id: 'created_at', desc: true });
  });

  it('starts another field ascending, as a click on its header does', () => {
    expect(sortBy({ id: 'created_at', desc: true }, 'title')).toEqual({ id: 'title', desc: false });
  });
});
