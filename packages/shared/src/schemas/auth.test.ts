import { describe, expect, it } from 'vitest';
import { en } from '../messages';
import { activationSchema, loginSchema, passwordResetRequestSchema, passwordResetSchema } from './auth';
import { errorsOf, parsed } from './test-helpers';

const v = en.validation;

describe('loginSchema', () => {
  const valid = { email: 'jdoe', password: 'secret' };

  it('accepts any identifier (email or username) and keeps the password as typed', () => {
    expect(
      parsed(loginSchema, {
        email: '  ann@example.com ',
        password: ' pass word ',
        login_redirect: '/tickets',
      }),
    ).toEqual({
      email: 'ann@example.com',
      password: ' pass word ',
      login_redirect: '/tickets',
    });
    expect(parsed(loginSchema, valid)).toEqual({ ...valid, login_redirect: '' });
  });

  it.each([[''], ['   '], [undefined], [{}]])('identifier %j -> "Invalid Email"', (email) => {
    expect(errorsOf(loginSchema, { ...valid, email })).toEqual({ email: [v.invalidEmail] });
  });

  it.each([[''], ['   '], [undefined]])('password %j -> "Invalid Password"', (password) => {
    expect(errorsOf(loginSchema, { ...valid, password })).toEqual({ password: [v.invalidPassword] });
  });

  it('never fails on login_redirect', () => {
    expect(parsed(loginSchema, { ...valid, login_redirect: 42 }).login_redirect).toBe('');
  });

  it('reports a body that is not an object under _form', () => {
    expect(errorsOf(loginSchema, 'nope')).toEqual({ _form: [en.errors.validation] });
  });

  it('gives both messages for an empty form', () => {
    expect(errorsOf(loginSchema, {})).toEqual({ email: [v.invalidEmail], password: [v.invalidPassword] });
  });
});

describe('activationSchema', () => {
  const valid = {
    username: 'jdoe',
    email: 'ann@example.com',
    email_confirmation: 'ann@example.com',
    old_password: 'temp-123',
    password: 'new secret',
    password_confirmation: 'new secret',
    login_redirect: '/tickets',
  };

  it('accepts a complete form', () => {
    expect(parsed(activationSchema, valid)).toEqual(valid);
  });

  it('takes any username, even none', () => {
    expect(parsed(activationSchema, { ...valid, username: undefined }).username).toBe('');
  });

  it.each([[''], ['ann'], ['ann@example']])('email %j -> "Invalid Email"', (email) => {
    expect(errorsOf(activationSchema, { ...valid, email, email_confirmation: email })).toEqual({
      email: [v.invalidEmail],
    });
  });

  it('email_confirmation must equal email -> "Email Does not match"', () => {
    expect(errorsOf(activationSchema, { ...valid, email_confirmation: 'bob@example.com' })).toEqual({
      email_confirmation: [v.emailDoesNotMatchActivation],
    });
    expect(errorsOf(activationSchema, { ...valid, email_confirmation: '' })).toEqual({
      email_confirmation: [v.emailDoesNotMatchActivation],
    });
  });

  it('does not add a mismatch message while the email itself is invalid', () => {
    expect(errorsOf(activationSchema, { ...valid, email: 'ann', email_confirmation: 'x' })).toEqual({
      email: [v.invalidEmail],
    });
  });

  it('old_password must be given -> "Invalid Password"', () => {
    expect(errorsOf(activationSchema, { ...valid, old_password: '' })).toEqual({
      old_password: [v.invalidPassword],
    });
  });

  it('password must be given -> "Invalid Password"', () => {
    expect(errorsOf(activationSchema, { ...valid, password: '', password_confirmation: '' })).toEqual({
      password: [v.invalidPassword],
    });
  });

  it('password_confirmation must equal password -> "Password Does not match"', () => {
    expect(errorsOf(activationSchema, { ...valid, password_confirmation: 'other' })).toEqual({
      password_confirmation: [v.passwordDoesNotMatchActivation],
    });
    expect(errorsOf(activationSchema, { ...valid, password_confirmation: undefined })).toEqual({
      password_confirmation: [v.passwordDoesNotMatchActivation],
    });
  });

  it('still checks the confirmations when other fields fail', () => {
    expect(errorsOf(activationSchema, { ...valid, old_password: '', password_confirmation: 'x' })).toEqual({
      old_password: [v.invalidPassword],
      password_confirmation: [v.passwordDoesNotMatchActivation],
    });
  });
});

describe('passwordResetRequestSchema', () => {
  it('accepts an email', () => {
    expect(parsed(passwordResetRequestSchema, { email: ' ann@example.com ' })).toEqual({
      email: 'ann@example.com',
    });
  });
  it.each([[''], ['ann'], [undefined]])('email %j -> "Invalid Email"', (email) => {
    expect(errorsOf(passwordResetRequestSchema, { email })).toEqual({ email: [v.invalidEmail] });
  });
});

describe('passwordResetSchema', () => {
  const valid = {
    token: 'abc123',
    email: 'ann@example.com',
    password: 'secret',
    password_confirmation: 'secret',
  };

  it('accepts a complete form', () => {
    expect(parsed(passwordResetSchema, valid)).toEqual(valid);
  });
  it('token is required -> "A token is required"', () => {
    expect(errorsOf(passwordResetSchema, { ...valid, token: '' })).toEqual({ token: [v.tokenRequired] });
    expect(errorsOf(passwordResetSchema, { ...valid, token: undefined })).toEqual({
      token: [v.tokenRequired],
    });
  });
  it('email -> "Invalid Email"', () => {
    expect(errorsOf(passwordResetSchema, { ...valid, email: 'nope' })).toEqual({ email: [v.invalidEmail] });
  });
  it('password -> "Invalid Password"', () => {
    expect(errorsOf(passwordResetSchema, { ...valid, password: '', password_confirmation: '' })).toEqual({
      password: [v.invalidPassword],
    });
  });
  it('confirmation -> "Password Does not match"', () => {
    expect(errorsOf(passwordResetSchema, { ...valid, password_confirmation: 'secreT' })).toEqual({
      password_confirmation: [v.passwordDoesNotMatchActivation],
    });
  });
});
