/**
 * A local HTTP server standing in for a Twilio-compatible SMS/voice provider: it records every request
 * (path, basic-auth credentials, form fields) and answers from a script of statuses (201 when the script
 * is empty), so tests can make the provider fail and then recover.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProviderRequest {
  method: string;
  path: string;
  /** Decoded basic-auth credentials ("sid:token"), or null. */
  auth: string | null;
  contentType: string;
  form: Record<string, string>;
}

export interface TestSmsProvider {
  /** Base URL to put in SMS_PROVIDER_URL. */
  url: string;
  requests: ProviderRequest[];
  /** The statuses of the next answers, in order (e.g. [500, 500] then success). */
  answerNext(...statuses: number[]): void;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startSmsProvider(): Promise<TestSmsProvider> {
  const requests: ProviderRequest[] = [];
  const script: number[] = [];
  const server: Server = createServer(async (request, response) => {
    const body = await readBody(request);
    const header = request.headers.authorization ?? '';
    const auth = header.startsWith('Basic ')
      ? Buffer.from(header.slice('Basic '.length), 'base64').toString('utf8')
      : null;
    requests.push({
      method: request.method ?? '',
      path: request.url ?? '',
      auth,
      contentType: request.headers['content-type'] ?? '',
      form: Object.fromEntries(new URLSearchParams(body)),
    });
    const status = script.shift() ?? 201;
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify(
        status < 400
          ? { sid: `SM${requests.length}`, status: 'queued' }
          : { code: 20500, message: 'Service unavailable, try again', status },
      ),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answerNext: (...statuses) => script.push(...statuses),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
