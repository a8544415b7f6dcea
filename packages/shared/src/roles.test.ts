import { describe, expect, it } from 'vitest';
import {
  belongsToLandlord,
  hasUnit,
  managesLandlord,
  parseRole,
  ROLES,
  typeHoldsRole,
  worksOnProperties,
} from './roles';

/** Each predicate's answer for roles [0, 1, 2, 3]. */
describe.each([
  ['belongsToLandlord', belongsToLandlord, [false, true, true, true]],
  ['managesLandlord', managesLandlord, [false, true, false, false]],
  ['hasUnit', hasUnit, [false, false, true, false]],
  ['worksOnProperties', worksOnProperties, [false, false, false, true]],
] as const)('%s', (_name, predicate, expected) => {
  it('answers for every role', () => {
    expect(ROLES.map(predicate)).toEqual(expected);
  });
});

describe('typeHoldsRole', () => {
  it('holds every role in /users, one role in /tenants and /contractors', () => {
    expect(ROLES.filter((role) => typeHoldsRole('users', role))).toEqual([0, 1, 2, 3]);
    expect(ROLES.filter((role) => typeHoldsRole('tenants', role))).toEqual([2]);
    expect(ROLES.filter((role) => typeHoldsRole('contractors', role))).toEqual([3]);
  });
});

describe('parseRole', () => {
  it('reads a role number or its digits', () => {
    expect([0, 3, '2', ' 1 '].map(parseRole)).toEqual([0, 3, 2, 1]);
  });
  it('refuses anything else', () => {
    expect([4, -1, '', 'x', '1.0', null, undefined, 1.5, '0x1'].map(parseRole)).toEqual(Array(9).fill(null));
  });
});
