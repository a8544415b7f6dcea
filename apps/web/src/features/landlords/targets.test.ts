import { en, landlordSchema, TARGET_HOURS_DEFAULT } from '@mend/shared';
import { describe, expect, it } from 'vitest';
import { schemaErrors } from '../../components/forms/zod-errors';
import { responseFieldOf, TARGET_ROWS, targetFormValues, targetHours } from './targets';

const F = en.screens.fields;

describe("a landlord's service targets", () => {
  it('are a row per priority, each a response and a resolution field', () => {
    expect(TARGET_ROWS.map((row) => row.label)).toEqual(['Normal priority', 'High priority']);
    expect(TARGET_ROWS.map((row) => row.fields.map((field) => [field.name, field.label]))).toEqual([
      [
        ['normal_response_hours', F.responseHours],
        ['normal_resolution_hours', F.resolutionHours],
      ],
      [
        ['high_response_hours', F.responseHours],
        ['high_resolution_hours', F.resolutionHours],
      ],
    ]);
  });

  it("start a new landlord's form at the defaults, an edited one's at its own", () => {
    expect(targetFormValues(null)).toEqual({
      normal_response_hours: String(TARGET_HOURS_DEFAULT[0].response),
      normal_resolution_hours: String(TARGET_HOURS_DEFAULT[0].resolution),
      high_response_hours: String(TARGET_HOURS_DEFAULT[1].response),
      high_resolution_hours: String(TARGET_HOURS_DEFAULT[1].resolution),
    });
    const own = {
      normal_response_hours: 8,
      normal_resolution_hours: 72,
      high_response_hours: 1,
      high_resolution_hours: 12,
    };
    expect(targetFormValues(own)).toEqual({
      normal_response_hours: '8',
      normal_resolution_hours: '72',
      high_response_hours: '1',
      high_resolution_hours: '12',
    });
    expect(targetHours(own)).toEqual(own);
  });

  it('check the order rule on the response field of the same priority', () => {
    expect(responseFieldOf('normal_resolution_hours')).toBe('normal_response_hours');
    expect(responseFieldOf('high_resolution_hours')).toBe('high_response_hours');
    expect(responseFieldOf('high_response_hours')).toBe('high_response_hours');
    const values = {
      name: 'Acme',
      description: 'Homes',
      users: [],
      assignment_response_hours: '24',
      ...targetFormValues(null),
    };
    expect(schemaErrors(landlordSchema, values)).toEqual({});
    expect(schemaErrors(landlordSchema, { ...values, high_resolution_hours: '2' })).toEqual({
      high_response_hours: en.validation.targetOrder,
    });
    expect(schemaErrors(landlordSchema, { ...values, normal_resolution_hours: '0' })).toMatchObject({
      normal_resolution_hours: 'Please enter a whole number of hours from 1 to 8760',
    });
  });
});
