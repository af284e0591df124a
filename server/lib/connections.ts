/**
 * The HTTP connections of a server and whether each has a request being answered, for a shutdown
 * that lets the answers in flight finish and ends every other connection.
 *
 * Node's closeIdleConnections is not enough: it counts a connection that has not sent a request yet
 * as busy (a guard against clients that connect and say nothing), and a browser opens such spare
 * connections ahead of need. One of them kept server.close waiting until the shutdown limit
 * (db-outage.test.ts: exit code 1 after 9.5 s, one run in two).
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

export interface Connections {
  /** Ends each connection with no request in flight, after what was written to it has gone out. */
  endIdle(): void;
}

export function trackConnections(server: Server): Connections {
  const inFlight = new Map<Socket, number>();
  server.on('connection', (socket: Socket) => {
    inFlight.set(socket, 0);
    socket.once('close', () => inFlight.delete(socket));
  });
  server.on('request', (req, res) => {
    const socket = req.socket;
    inFlight.set(socket, (inFlight.get(socket) ?? 0) + 1);
    // 'close' comes once the answer is complete or the connection is gone, whichever is first.
    res.once('close', () => {
      const n = inFlight.get(socket);
      if (n !== undefined) inFlight.set(socket, n - 1);
    });
  });
  return {
    endIdle() {
      for (const [socket, n] of inFlight) if (n <= 0) socket.destroySoon();
    },
  };
}
