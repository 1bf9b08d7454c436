import type { ChildProcess } from 'node:child_process';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '@server/app';
import { loadConfig, type ServerConfig } from '@server/config';
import type { OpenedDatabase } from '@server/db/database';

export interface BenchServer {
  baseUrl: string;
  app: FastifyInstance;
  close: () => Promise<void>;
}

/**
 * The real HTTP server (buildApp) in this process on 127.0.0.1 and a free port, quiet, with the
 * per-IP login limiter raised out of the way: every request of a load test comes from one address.
 */
export async function startServer(database: OpenedDatabase, overrides: Partial<ServerConfig> = {}): Promise<BenchServer> {
  const config = loadConfig(
    {},
    {
      host: '127.0.0.1',
      port: 0,
      publicUrl: 'http://127.0.0.1',
      logLevel: 'warn',
      loginRateLimitPerMinute: 1_000_000_000,
      ...overrides,
    },
  );
  const { app } = await buildApp({ config, database, quiet: true });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { baseUrl: `http://127.0.0.1:${port}`, app, close: () => app.close() };
}

/** A port free on 127.0.0.1 right now (for a child process to listen on). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Whether something accepts TCP connections at host:port within timeoutMs. */
export function portAnswers(host: string, port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** POST JSON / GET with a token, answering { status, body }. */
export async function callJson(url: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* kept as text */
  }
  return { status: response.status, body };
}

/** SIGTERM (the server closes its database and lock), then SIGKILL if it lingers. */
export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
