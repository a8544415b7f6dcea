import type { ApiUserFormOptions, ApiUserRecord } from '@mend/shared';
import { describe, expect, it } from 'vitest';
import {
  initialUserValues,
  isSuperAdminRole,
  unitChoices,
  userFormBody,
  waitsForLandlord,
} from './user-form-values';

const options = {
  roles: [{ value: 2, name: 'Tenant' }],
  default_role: 2,
  can_pick_landlord: true,
  landlord_options: [],
  options_landlord_id: null,
  unit_options: [
    { id: 4, name: 'Unit 4', property_name: 'Elm Court' },
    { id: 5, name: 'Unit 5', property_name: '' },
  ],
  property_options: [],
  category_options: [],
} as unknown as ApiUserFormOptions;

const tenant = {
  email: 'abc@temporary.mend.invalid',
  first_name: 'Ann',
  last_name: 'Lee',
  landlord_id: 7,
  role: 2,
  unit_id: 4,
  property_ids: [],
  category_ids: [],
} as unknown as ApiUserRecord;

describe('user form values', () => {
  it('start empty on create, with the default role and no landlord yet', () => {
    const values = initialUserValues('tenants', null, options);
    expect(values).toMatchObject({ email: '', role: '2', landlord_id: '', unit_id: '', property_ids: [] });
    expect(waitsForLandlord(values, options)).toBe(true);
  });

  it('start from the user on edit, a temporary email left blank', () => {
    const values = initialUserValues('tenants', tenant, options);
    expect(values).toMatchObject({ email: '', first_name: 'Ann', landlord_id: '7', unit_id: '4' });
    expect(waitsForLandlord(values, options)).toBe(false);
  });

  it('name a unit with its property when it has one', () => {
    expect(unitChoices(options)).toEqual([
      { value: '4', label: 'Unit 4 · Elm Court' },
      { value: '5', label: 'Unit 5' },
    ]);
  });

  it('send the role and passwords on create only, and what the type holds', () => {
    const values = { ...initialUserValues('contractors', null, options), property_ids: ['1'], unit_id: '4' };
    const created = userFormBody('contractors', true, values);
    expect(created).toMatchObject({ role: '2', password: '', property_ids: ['1'], category_ids: [] });
    expect(created).not.toHaveProperty('unit_id');
    const updated = userFormBody('tenants', false, values);
    expect(updated).toMatchObject({ unit_id: '4' });
    expect(updated).not.toHaveProperty('role');
    expect(updated).not.toHaveProperty('property_ids');
  });

  it('know the super admin role, which belongs to no landlord', () => {
    expect(isSuperAdminRole('0')).toBe(true);
    expect(isSuperAdminRole('1')).toBe(false);
    expect(isSuperAdminRole('')).toBe(false);
  });
});
