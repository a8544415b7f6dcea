import { en } from '@mend/shared';
import { describe, expect, it } from 'vitest';
import { validateLogin } from './login-validation';

describe('validateLogin', () => {
  it('gives the dictionary messages for empty fields', async () => {
    expect(await validateLogin({ email: '', password: '' })).toEqual({
      email: en.validation.invalidEmail,
      password: en.validation.invalidPassword,
    });
    expect(await validateLogin({ email: '   ', password: 'x' })).toEqual({
      email: en.validation.invalidEmail,
    });
  });

  it('accepts an email or a username with a password', async () => {
    expect(await validateLogin({ email: 'ann@example.com', password: 'secret' })).toEqual({});
    expect(await validateLogin({ email: 'ann', password: 'secret' })).toEqual({});
  });
});
