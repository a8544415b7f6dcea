/**
 * Two app processes against one PostgreSQL database: a session started on one works on the other
 * (sessions and CSRF tokens live in the database), and with both outbox workers running every message
 * goes out exactly once (SKIP LOCKED claims). They also start together on an empty database with demo
 * data on, where only one of them may seed it. Each process signs its mail with its own sender, so the
 * catcher can tell that both took part.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './helpers/http';
import type { ServerProcess } from './helpers/server';
import { binDir, createWorld, MANAGER, skipReason, sleep, type World } from './helpers/world';

if (!binDir) console.warn(skipReason);

const RESETS = 20;
const DIRECT = 60;

describe.skipIf(!binDir)('two app processes on one database', () => {
  let w: World;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    w = await createWorld();
  });
  afterAll(() => w?.close());

  it('start at the same moment on an empty database: the demo data is created once, both come up', async () => {
    const started = await Promise.allSettled([
      w.start('a', { env: { MAIL_FROM: 'Mend A <a@mend.local>' } }),
      w.start('b', { env: { MAIL_FROM: 'Mend B <b@mend.local>' } }),
    ]);
    const outcome = started.map((s) => (s.status === 'fulfilled' ? 'up' : String(s.reason).slice(0, 3000)));
    expect(outcome).toEqual(['up', 'up']);
    [a, b] = started.map((s) => (s as PromiseFulfilledResult<ServerProcess>).value);
    expect(await w.scalar("select count(*) from users where email = 'admin@mend.test'")).toBe(1);
    expect(await w.scalar('select count(*) from landlords')).toBe(
      await w.scalar('select count(distinct name) from landlords'),
    );
  });

  it('shares sessions: signed in on A, the same cookie and CSRF token work on B', async () => {
    const client = await w.signIn(a, MANAGER);
    const onA = await client.get('/api/tickets');
    expect(onA.status).toBe(200);

    client.baseUrl = b.baseUrl;
    const onB = await client.get('/api/tickets');
    expect(onB.status, onB.text).toBe(200);
    expect(onB.body).toEqual(onA.body);
    // A write on B with the token A handed out.
    const written = await client.post('/api/contact', {
      subject: 'Written on B',
      message: 'Signed in on A.',
      meta: {
        email: 'manager@northwind.test',
        first_name: 'Olivia',
        last_name: 'Bennett',
        company_name: 'Northwind Property Group',
        phone_number: '780 555 0100',
      },
    });
    expect(written.status, written.text).toBe(201);
    // Without the token B refuses it, and without the cookie B does not know the visitor.
    const noToken = new HttpClient(b.baseUrl);
    noToken.session = client.session;
    expect((await noToken.post('/api/contact', { subject: 'x', message: 'y' })).status).toBe(419);
    expect((await new HttpClient(b.baseUrl).get('/api/tickets')).status).toBe(401);

    // Signing out on B ends the session on A too.
    const token = client.session;
    expect((await client.post('/api/logout', {})).status).toBeLessThan(300);
    const stale = new HttpClient(a.baseUrl);
    stale.session = token;
    expect((await stale.get('/api/tickets')).status).toBe(401);
  });

  it('delivers every message exactly once with both outbox workers running', async () => {
    // Users to reset: imported through B with a session from A.
    const admin = await w.signIn(a);
    const emails = Array.from({ length: RESETS }, (_, i) => `two-${i}@faults.test`);
    const csv = [
      'email,role,first_name,last_name,password',
      ...emails.map((e, i) => `${e},3,Two${i},Procs,Welcome 2026`),
    ];
    admin.baseUrl = b.baseUrl;
    const imported = await admin.post('/api/users/batch/tenants', { users: csv.join('\n') });
    expect(imported.status, imported.text.slice(0, 500)).toBe(201);

    // Half the reset requests go to A, half to B; and a burst of rows due at once, for both workers to race on.
    const visitors = [new HttpClient(a.baseUrl), new HttpClient(b.baseUrl)];
    for (const visitor of visitors) await visitor.refreshCsrf();
    await Promise.all(
      emails.map(async (email, i) => {
        const answer = await visitors[i % 2].post('/api/password/email', { email });
        expect(answer.status, answer.text).toBe(200);
      }),
    );
    await w.pool.query(
      `insert into outbox_messages (channel, kind, recipient, subject, body_text)
       select 'email', 'fault_test', 'direct-' || n || '@faults.test', 'Direct ' || n, 'Hello'
         from generate_series(1, $1::int) as n`,
      [DIRECT],
    );
    const expected = [...emails, ...Array.from({ length: DIRECT }, (_, i) => `direct-${i + 1}@faults.test`)];

    await w.catcher.waitUntil(
      () => expected.every((email) => w.catcher.to(email).length > 0),
      45_000,
      () => `${expected.filter((email) => w.catcher.to(email).length === 0).length} not delivered yet`,
    );
    // Both workers keep polling a while longer: nothing arrives twice.
    await sleep(1500);
    const twice = expected.filter((email) => w.catcher.to(email).length !== 1);
    expect(twice).toEqual([]);
    const notSent = await w.scalar(
      `select count(*) from outbox_messages
        where (kind = 'fault_test' or recipient like 'two-%@faults.test') and (status <> 'sent' or attempts <> 1)`,
    );
    expect(notSent).toBe(0);

    const senders = new Map<string, number>();
    for (const email of expected) {
      const from = w.catcher.to(email)[0].from;
      senders.set(from, (senders.get(from) ?? 0) + 1);
    }
    console.log(`[faults] messages per process: ${JSON.stringify(Object.fromEntries(senders))}`);
    expect([...senders.keys()].sort()).toEqual(['a@mend.local', 'b@mend.local']);
  });
});
