import { describe, expect, it } from 'vitest';
import { landingAfterSignIn, loginUrl, safeRedirect } from './redirects';

describe('safeRedirect', () => {
  it('keeps same-origin paths with their query', () => {
    expect(safeRedirect('/tickets/4?tab=log')).toBe('/tickets/4?tab=log');
    expect(safeRedirect('/users/7/info')).toBe('/users/7/info');
  });

  it('falls back to / for foreign, protocol-relative, API and login paths', () => {
    const bad = [null, undefined, '', '//evil.example/x', '/\\evil', '/api/users', '/login', '/login?x=1'];
    for (const value of [...bad, 'https://evil.example/']) expect(safeRedirect(value)).toBe('/');
  });
});

describe('loginUrl', () => {
  it('carries the original path and search', () => {
    expect(loginUrl('/tickets/4?x=1')).toBe('/login?redirect=%2Ftickets%2F4%3Fx%3D1');
    expect(loginUrl('/')).toBe('/login');
  });
});

describe('landingAfterSignIn', () => {
  it('opens the ticket list when no page was asked for, else the page asked for', () => {
    expect(landingAfterSignIn('/')).toBe('/tickets');
    expect(landingAfterSignIn('/units/3/edit')).toBe('/units/3/edit');
  });
});
