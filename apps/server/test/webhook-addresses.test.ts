/**
 * Where webhooks may be sent (issue 27, modules/webhooks/addresses.ts): with WEBHOOKS_ALLOW_PRIVATE off (the default),
 * an endpoint must be https and must not be this machine or a private network, as written when it is saved and as
 * resolved when it is called.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPrivateAddress, PrivateAddressError, publicOnlyLookup } from '../src/modules/webhooks/addresses';
import { createTestApp, type TestApp, type TestClient } from './helpers/app';
import { clientFor, createWorld, type World } from './helpers/ticket-factories';

let t: TestApp;
let w: World;
let manager: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  manager = await clientFor(t, w.north.manager);
});
afterAll(() => t.close());

describe('a webhook’s address', () => {
  it('must be https and public when it is saved', async () => {
    const url = `/api/landlords/${w.north.landlord.id}/webhooks`;
    for (const [address, message] of [
      ['http://hooks.example.com/x', 'starting with https://'],
      ['https://localhost/x', 'private network'],
      ['https://api.localhost/x', 'private network'],
      ['https://127.0.0.1:8443/x', 'private network'],
      ['https://10.1.2.3/x', 'private network'],
      ['https://172.20.0.5/x', 'private network'],
      ['https://192.168.1.10/x', 'private network'],
      ['https://169.254.169.254/latest', 'private network'],
      ['https://[::1]/x', 'private network'],
      ['https://[fd00::1]/x', 'private network'],
      ['https://[::ffff:192.168.0.1]/x', 'private network'],
    ]) {
      const response = await manager.post(url, { url: address, events: ['ticket.created'] });
      expect(response.statusCode, address).toBe(422);
      expect(response.json().errors.url[0], address).toContain(message);
    }
    const ok = await manager.post(url, { url: 'https://hooks.example.com/mend', events: ['ticket.created'] });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('is judged by the addresses it resolves to when it is called', async () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '100.64.1.1',
      '::1',
      'fe80::1',
      '::ffff:10.0.0.1',
      '0.0.0.0',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700::1111', '172.32.0.1'])
      expect(isPrivateAddress(address), address).toBe(false);
    // A name that resolves to this machine is refused at connection time, whatever it is called.
    const error = await new Promise<Error | null>((resolve) =>
      publicOnlyLookup('localhost', { all: true }, (failure) => resolve(failure)),
    );
    expect(error).toBeInstanceOf(PrivateAddressError);
  });
});
