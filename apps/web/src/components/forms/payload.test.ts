import { describe, expect, it } from 'vitest';
import { formPayload, savedRecord } from './payload';

describe('formPayload', () => {
  it('keeps text, sends empty lists as one empty entry and leaves out absent files', () => {
    expect(formPayload({ name: 'A', users: [], category_ids: ['1'], avatar: null, description: '' })).toEqual(
      {
        name: 'A',
        users: [''],
        category_ids: ['1'],
        description: '',
      },
    );
  });
});

describe('savedRecord', () => {
  it('reads `{ message, data }` answers and bare records', () => {
    expect(savedRecord({ message: 'Ann has been created.', data: { id: 4, name: 'Ann' } })).toEqual({
      id: 4,
      message: 'Ann has been created.',
      data: { id: 4, name: 'Ann' },
    });
    expect(savedRecord({ id: 9, name: 'Unit' })).toEqual({
      id: 9,
      message: null,
      data: { id: 9, name: 'Unit' },
    });
    expect(savedRecord(null).id).toBeNull();
  });
});
