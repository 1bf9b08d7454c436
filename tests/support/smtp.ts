import net from 'node:net';

export type SmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;

/**
 * A minimal SMTP server on loopback that takes every mail it is given (tests/api/jobs.test.ts,
 * passwordReset.test.ts). `refuse`: how many first connections it turns away (421), as a busy
 * relay does; `greetAfterMs`: how long it waits before greeting, as a slow relay does.
 */
export async function startSmtpServer(options: { refuse?: number; greetAfterMs?: number } = {}) {
  const received: string[] = [];
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const server = net.createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    if (connections <= (options.refuse ?? 0)) {
      socket.end('421 busy, try again later\r\n');
      return;
    }
    setTimeout(() => socket.write('220 test ESMTP\r\n'), options.greetAfterMs ?? 0);
    let buffer = '';
    /** The mail being sent, between DATA and its closing '.'. */
    let message: string | undefined;
    socket.on('data', (chunk) => {
      buffer += chunk.toString();
      let index;
      while ((index = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        if (message !== undefined) {
          if (line === '.') {
            received.push(message);
            message = undefined;
            socket.write('250 queued\r\n');
          } else message += `${line}\n`;
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 test\r\n');
        else if (/^DATA/i.test(line)) {
          message = '';
          socket.write('354 go on\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    /** The mails taken, each its DATA (headers and body). */
    received,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
