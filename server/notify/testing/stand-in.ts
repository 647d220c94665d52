import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request a stand-in received. */
export interface ReceivedRequest {
  method: string;
  /** Path and query. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface StandIn {
  /** http://127.0.0.1:port */
  origin: string;
  received: ReceivedRequest[];
  close(): Promise<void>;
}

/** A local HTTP server playing a provider: `answer` decides each reply from the request it got. */
export async function startStandIn(answer: (req: ReceivedRequest) => { status?: number; json: unknown } | Promise<{ status?: number; json: unknown }>): Promise<StandIn> {
  const received: ReceivedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r: ReceivedRequest = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(r);
      void Promise.resolve(answer(r)).then((a) => {
        res.writeHead(a.status ?? 200, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(a.json));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/** An alarm message as the outbox renders one. */
export const sampleMessage = {
  subject: '告警：紧急报警 京A12345',
  text: '【天路告警】京A12345（013800000001） 紧急报警，时间 2026-05-01T10:00:00+08:00',
  fields: { asset: '京A12345', alarm: '紧急报警', time: '2026-05-01 10:00:00' },
  data: { id: 11, alarmType: 'sos', alarmName: '紧急报警' },
  idempotencyKey: 'alarm-11-webhook-1',
};
