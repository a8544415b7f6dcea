import { describe, expect, it } from 'vitest';
import { MAX_CATEGORY_ATTRIBUTES } from '../constants';
import { en, format } from '../messages';
import { categorySchema } from './categories';
import { errorsOf, parsed } from './test-helpers';

const v = en.validation;

describe('categorySchema', () => {
  const valid = { title: 'Plumbing', description: 'Pipes, taps and drains' };

  it('accepts a form without attributes', () => {
    expect(parsed(categorySchema, valid)).toEqual({ ...valid, attributes: [] });
  });

  it('accepts attributes as objects or JSON text', () => {
    const attribute = { label: 'Response time', format: 'hours', value: '24' };
    expect(parsed(categorySchema, { ...valid, attributes: [attribute] }).attributes).toEqual([attribute]);
    expect(parsed(categorySchema, { ...valid, attributes: JSON.stringify([attribute]) }).attributes).toEqual([
      attribute,
    ]);
    expect(
      parsed(categorySchema, { ...valid, attributes: [JSON.stringify({ label: 'Zone' })] }).attributes,
    ).toEqual([{ label: 'Zone', format: '', value: '' }]);
  });

  it.each([
    ['title', '', v.categoryTitle],
    ['title', undefined, v.categoryTitle],
    ['description', '', v.categoryDescription],
  ])('%s %j -> its message', (field, value, message) => {
    expect(errorsOf(categorySchema, { ...valid, [field]: value })).toEqual({ [field]: [message] });
  });

  it(`holds at most ${MAX_CATEGORY_ATTRIBUTES} attributes`, () => {
    const attributes = (count: number) => Array.from({ length: count }, (_, i) => ({ label: `L${i}` }));
    expect(
      parsed(categorySchema, { ...valid, attributes: attributes(MAX_CATEGORY_ATTRIBUTES) }).attributes,
    ).toHaveLength(MAX_CATEGORY_ATTRIBUTES);
    expect(
      errorsOf(categorySchema, { ...valid, attributes: attributes(MAX_CATEGORY_ATTRIBUTES + 1) }),
    ).toEqual({
      attributes: [format(v.tooManyAttributes, { max: MAX_CATEGORY_ATTRIBUTES })],
    });
  });

  it('an attribute needs a label -> "Please enter a label for each attribute"', () => {
    expect(errorsOf(categorySchema, { ...valid, attributes: [{ label: 'A' }, { value: 'x' }] })).toEqual({
      'attributes.1.label': [v.categoryAttributeLabel],
    });
  });
});
