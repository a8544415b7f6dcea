/**
 * Test only (never part of the product): the real server, started as main.ts starts it (apps/server/src/start.ts),
 * with a clock the browser tests move. Its clock is the real one plus an offset that a tiny control endpoint on
 * 127.0.0.1:CLOCK_CONTROL_PORT sets: `GET /` answers `{ offset_ms, now }`, `POST /` with `{ "offset_ms": N }` sets
 * the offset (only forward: messages queued at a moved time wait for it) and answers the same. The due-work worker
 * (reminders, alerts) reads this clock on its next poll (DUE_WORK_POLL_MS). Started by moved-clock.ts.
 */
import http from 'node:http';

/** start.ts's `startServer`, as this harness uses it. */
type StartServer = (options: { now: () => Date }) => Promise<unknown>;

// Loaded by its address, not a static import: the web's typecheck (e2e included) stays out of the server's sources.
const START_MODULE = new URL('../../server/src/start.ts', import.meta.url).href;
const { startServer } = (await import(START_MODULE)) as { startServer: StartServer };

let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);

function clockState() {
  return { offset_ms: offsetMs, now: now().toISOString() };
}

const control = http.createServer((request, response) => {
  let body = '';
  request.setEncoding('utf8');
  request.on('data', (chunk: string) => {
    body += chunk;
  });
  request.on('end', () => {
    response.setHeader('content-type', 'application/json');
    if (request.method === 'POST') {
      const wanted = Number((JSON.parse(body || '{}') as { offset_ms?: unknown }).offset_ms);
      if (!Number.isFinite(wanted) || wanted < offsetMs) {
        response.statusCode = 400;
        response.end(JSON.stringify({ message: 'offset_ms: a number, never less than the offset now' }));
        return;
      }
      offsetMs = wanted;
    }
    response.end(JSON.stringify(clockState()));
  });
});

const port = Number(process.env.CLOCK_CONTROL_PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error('CLOCK_CONTROL_PORT is not set');
await new Promise<void>((resolve) => control.listen(port, '127.0.0.1', resolve));
// SIGTERM ends the process (start.ts closes the app first), and the control endpoint with it.
await startServer({ now });
