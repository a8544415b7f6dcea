import type {
  CategoryValues,
  NotificationOptionsValues,
  PropertyValues,
  TicketValues,
  UserFormValues,
} from '@mend/shared';
import { describe, expectTypeOf, it } from 'vitest';
import type { FormValues } from './form-values';

// Checked by the type checker (`tsc -p apps/web`); at run time these only pass.
describe('FormValues', () => {
  it('holds text as text and an id as the string of a select, an optional field always', () => {
    expectTypeOf<FormValues<PropertyValues>>().toEqualTypeOf<{
      name: string;
      description: string;
      gmaps_url: string;
      country: string;
      province: string;
      city: string;
      postal_code: string;
      address: string;
      time_zone: string;
      landlord_id: string;
    }>();
  });

  it('holds id lists as strings, roles and indexes as strings, nested objects field by field', () => {
    expectTypeOf<FormValues<UserFormValues>['property_ids']>().toEqualTypeOf<string[]>();
    expectTypeOf<FormValues<UserFormValues>['role']>().toEqualTypeOf<string>();
    expectTypeOf<FormValues<UserFormValues>['landlord_id']>().toEqualTypeOf<string>();
    expectTypeOf<FormValues<TicketValues>['priority']>().toEqualTypeOf<string>();
    expectTypeOf<FormValues<TicketValues>['contact_details']>().toEqualTypeOf<{
      first_name: string;
      last_name: string;
      email: string;
      phone_number: string;
    }>();
    expectTypeOf<FormValues<CategoryValues>['attributes']>().toEqualTypeOf<
      { label: string; format: string; value: string }[]
    >();
  });

  it('keeps flags as flags', () => {
    expectTypeOf<FormValues<NotificationOptionsValues>['sms']>().toEqualTypeOf<{
      phone_number: string;
      tickets: boolean;
      reminders: boolean;
      support: boolean;
    }>();
  });
});
