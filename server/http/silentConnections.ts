import type { FastifyInstance } from 'fastify';
import type { Socket } from 'node:net';

/**
 * On close, drops the connections that never sent a byte. Node's closeIdleConnections (which
 * Fastify's close and our graceful shutdown use) leaves a connection that has not sent its first
 * request open until the headers timeout (60 s, checked every 30 s): a browser's preconnect, or a
 * client that opened a socket after cancelling a download, then held a shutdown for up to 90 s.
 * Connections with a request in flight are untouched: they finish, then close as idle.
 */
export function dropSilentConnectionsOnClose(app: FastifyInstance): void {
  const open = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  app.addHook('preClose', (done) => {
    for (const socket of open) if (socket.bytesRead === 0) socket.destroy();
    done();
  });
}
