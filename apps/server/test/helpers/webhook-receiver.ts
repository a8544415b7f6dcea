/**
 * A webhook receiver on 127.0.0.1 for the tests: records every request (headers and raw body) and answers with the
 * status `answer` gives for it (200 unless told), optionally after a delay.
 */
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
  path: string;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** The status of the request numbered `index` (0-based, counting every request received). */
  answer: (index: number, request: ReceivedWebhook) => number;
  delayMs: number;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const receiver: Omit<WebhookReceiver, 'url' | 'close'> = { received: [], answer: () => 200, delayMs: 0 };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const got = {
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        path: request.url ?? '',
      };
      const index = receiver.received.length;
      receiver.received.push(got);
      const status = receiver.answer(index, got);
      setTimeout(
        () => response.writeHead(status, { 'content-type': 'text/plain' }).end('ok'),
        receiver.delayMs,
      );
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${port}/hooks`,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  });
}
