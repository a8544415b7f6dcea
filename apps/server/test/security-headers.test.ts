/** Every response carries helmet's security headers, computed once at start-up (lib/security-headers.ts). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaders } from '../src/lib/security-headers';
import { createTestApp, type TestApp } from './helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('security headers', () => {
  it('are helmet’s, with the app’s content security policy', () => {
    const headers = securityHeaders();
    expect(headers['content-security-policy']).toBe(
      "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'none';img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self';worker-src 'self';manifest-src 'self'",
    );
    expect(headers).toMatchObject({
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
    });
  });

  it.each([
    ['an API answer', '/api/users/current'],
    ['an unknown API path', '/api/nothing-here'],
    ['a page of the app', '/login'],
    ['the health check', '/healthz'],
  ])('are on %s', async (_name, url) => {
    const response = await t.app.inject({ method: 'GET', url });
    for (const [name, value] of Object.entries(securityHeaders())) {
      expect(response.headers[name], name).toBe(value);
    }
  });
});
