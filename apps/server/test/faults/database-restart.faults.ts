/**
 * PostgreSQL restarts under a running app: while it is down every request fails fast with the JSON error
 * shape (no hang, no crashed process); once it is back the same session works again, with no app restart.
 */
import { en } from '@mend/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from './helpers/http';
import type { ServerProcess } from './helpers/server';
import { binDir, createWorld, eventually, MANAGER, skipReason, type World } from './helpers/world';

if (!binDir) console.warn(skipReason);

describe.skipIf(!binDir)('PostgreSQL restart under a running app', () => {
  let w: World;
  let app: ServerProcess;
  let manager: HttpClient;

  beforeAll(async () => {
    w = await createWorld();
    // No due-work worker: the demo's schedules and breaches would change the list this test compares across the
    // restart (the outbox worker, which it checks, stays on).
    app = await w.start('restart', { env: { DUE_WORK_WORKER: 'off' } });
    manager = await w.signIn(app, MANAGER);
  });
  afterAll(() => w?.close());

  it('fails clearly while the database is down and recovers the same session once it is back', async () => {
    const before = await manager.get('/api/tickets');
    expect(before.status, before.text).toBe(200);
    const csrfBefore = manager.csrfToken;

    w.cluster.stop('fast');
    try {
      for (let i = 0; i < 5; i++) {
        for (const url of ['/api/tickets', '/healthz']) {
          const answer = await manager.get(url, 10_000);
          // A clear failure, quickly: the documented error shape of an unexpected error, nothing leaked.
          expect(answer.ms, `${url} took ${answer.ms} ms`).toBeLessThan(5000);
          expect([500, 503], answer.text).toContain(answer.status);
          expect(answer.body).toMatchObject({ message: en.errors.server, request_id: expect.any(String) });
          expect(answer.text).not.toMatch(/ECONNREFUSED|postgres|select |stack/i);
        }
        const write = await manager.post('/api/contact', {
          subject: 'While the database is down',
          message: 'Hello',
        });
        expect([500, 503], write.text).toContain(write.status);
      }
      // The process is still there, listening.
      expect(app.child.exitCode).toBeNull();
      expect(app.child.signalCode).toBeNull();
    } finally {
      w.cluster.start();
    }

    // Back within a bounded time, on the same session and CSRF token, with no app restart.
    const t0 = Date.now();
    const after = await eventually(
      async () => {
        const answer = await manager.get('/api/tickets', 5000);
        return answer.status === 200 ? answer : null;
      },
      15_000,
      'GET /api/tickets to answer 200 again',
    );
    console.log(`[faults] app answered again ${Date.now() - t0} ms after PostgreSQL was started`);
    expect(after.body).toEqual(before.body);
    expect(manager.csrfToken).toBe(csrfBefore);
    const health = await manager.get('/healthz');
    expect(health.status).toBe(200);
    const write = await manager.post('/api/contact', {
      subject: 'After the restart',
      message: 'The database is back.',
      meta: {
        email: 'manager@northwind.test',
        first_name: 'Olivia',
        last_name: 'Bennett',
        company_name: 'Northwind Property Group',
        phone_number: '780 555 0100',
      },
    });
    expect(write.status, write.text).toBe(201);

    // The outbox worker lived through the outage too: an email asked for now is delivered.
    const reset = await manager.post('/api/password/email', { email: 'manager@mapleleaf.test' });
    expect(reset.status, reset.text).toBe(200);
    await w.catcher.waitUntil(
      () => w.catcher.to('manager@mapleleaf.test').some((mail) => /reset/i.test(mail.subject)),
      15_000,
      () => `no reset email; caught: ${JSON.stringify(w.catcher.messages)}`,
    );
    expect(app.child.exitCode).toBeNull();
  });
});
