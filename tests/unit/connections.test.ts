/** Shutdown's connection sweep: a spare connection ends, an answer in flight is let finish. */
import { once } from 'node:events';
import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { trackConnections } from '../../server/lib/connections.js';

let server: http.Server | null = null;

/** Resolves once `done` holds, looking every 10 ms. */
const until = (done: () => boolean) =>
  new Promise<void>((resolve) => {
    const look = () => (done() ? resolve() : setTimeout(look, 10));
    look();
  });
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
  server = null;
});

describe('trackConnections', () => {
  it('ends a connection that sent nothing and keeps one whose answer is in flight until it is sent', async () => {
    let finish: (() => void) | null = null;
    server = http.createServer((_req, res) => {
      res.write('first part;');
      finish = () => res.end('last part');
    });
    const connections = trackConnections(server);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const port = (server.address() as net.AddressInfo).port;

    const spare = net.connect(port, '127.0.0.1');
    spare.on('error', () => undefined);
    await once(spare, 'connect');
    const busy = net.connect(port, '127.0.0.1');
    let received = '';
    busy.on('data', (chunk) => {
      received += chunk.toString();
    });
    busy.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    await until(() => received.includes('first part'));

    // Node's own sweep keeps the spare: it counts a connection without a request as busy.
    server.closeIdleConnections();
    await new Promise((r) => setTimeout(r, 50));
    expect(spare.destroyed).toBe(false);

    connections.endIdle();
    await once(spare, 'close');
    expect(busy.destroyed).toBe(false);

    finish!();
    await until(() => received.includes('last part'));
    connections.endIdle();
    await once(busy, 'close');
    expect(received).toContain('last part');
  });
});
