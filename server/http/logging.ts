import type { FastifyServerOptions } from 'fastify';
import type { ServerConfig } from '../config';

/**
 * The server's log (issue 29). With NODE_ENV=production: pino's JSON, one object a line, for a log
 * collector. Locally (`npm start`): one readable line per request (`12:03:04 GET /api/v2/tests
 * 200 12 ms`), other messages with their level, and errors with their stack, written by a small
 * formatter of pino's lines (no pino-pretty).
 */
export function loggerOptions(
  config: Pick<ServerConfig, 'logLevel' | 'logFormat'>,
  quiet = false,
  /** Where the lines go (tests); unset: standard output (JSON: pino's own fast writer of it). */
  out?: LogOutput,
): NonNullable<FastifyServerOptions['logger']> {
  const level = quiet ? 'warn' : config.logLevel;
  if (config.logFormat === 'json') return out ? { level, stream: out } : { level };
  const target = out ?? process.stdout;
  return {
    level,
    stream: readableLogStream(target, { colors: colorsFor(target) }),
    // The request's method and address ride on its "request completed" line, so that one line says it all.
    serializers: {
      res: (reply: { statusCode: number; request?: { method: string; url: string } }) => ({
        statusCode: reply.statusCode,
        method: reply.request?.method,
        url: reply.request?.url,
      }),
    },
  };
}

export interface LogOutput {
  write(text: string): unknown;
  isTTY?: boolean;
}

export interface ReadableLogOptions {
  /** ANSI colours for levels and statuses (a terminal that is not told NO_COLOR). */
  colors?: boolean;
}

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
/** Fields every line has, or that the line's own shape already says. */
const OMITTED = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'err', 'error', 'req', 'res', 'responseTime', 'reqId']);

const paint = (on: boolean | undefined, code: number, text: string) => (on ? `\u001b[${code}m${text}\u001b[0m` : text);
const colorOfLevel = (level: number) => (level >= 50 ? 31 : level >= 40 ? 33 : level >= 30 ? 32 : 90);
const colorOfStatus = (status: number) => (status >= 500 ? 31 : status >= 400 ? 33 : 32);

function colorsFor(out: LogOutput): boolean {
  return Boolean(out.isTTY) && !process.env.NO_COLOR;
}

function clock(time: unknown): string {
  const date = typeof time === 'number' || typeof time === 'string' ? new Date(time) : new Date();
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
}

function valueText(value: unknown): string {
  if (typeof value === 'string') return /^[^\s"=]+$/.test(value) ? value : JSON.stringify(value);
  return JSON.stringify(value) ?? String(value);
}

interface SerializedError {
  type?: string;
  message?: string;
  stack?: string;
  code?: unknown;
}

function errorText(err: SerializedError): string {
  const head = err.stack ?? `${err.type ?? 'Error'}: ${err.message ?? ''}`;
  const code = err.code !== undefined && !head.includes(String(err.code)) ? ` (code ${valueText(err.code)})` : '';
  return (head + code)
    .split('\n')
    .map((line) => `    ${line.trim() ? line.trimStart() : line}`)
    .join('\n');
}

/**
 * One pino record as readable text (no trailing newline), or null for a record not shown: the
 * "incoming request" line, as its "request completed" line says everything.
 */
export function formatLogRecord(record: Record<string, unknown>, options: ReadableLogOptions = {}): string | null {
  const { colors } = options;
  const level = typeof record.level === 'number' ? record.level : 30;
  const time = paint(colors, 90, clock(record.time));
  const msg = typeof record.msg === 'string' ? record.msg : '';
  const res = record.res as { statusCode?: number; method?: string; url?: string } | undefined;
  const err = (record.err ?? record.error) as SerializedError | undefined;

  if (msg === 'incoming request' && record.req && level <= 30) return null;

  let line: string;
  if (res?.method && res.url && typeof res.statusCode === 'number' && typeof record.responseTime === 'number') {
    // One line a request: when, what, the answer and how long it took.
    line = `${time} ${res.method} ${res.url} ${paint(colors, colorOfStatus(res.statusCode), String(res.statusCode))} ${Math.round(record.responseTime)} ms`;
    if (level >= 50 && msg && msg !== 'request completed') line += ` ${paint(colors, colorOfLevel(level), msg)}`;
  } else {
    const label = paint(colors, colorOfLevel(level), LEVELS[level] ?? `LEVEL${level}`);
    line = `${time} ${label} ${msg}`;
  }
  const extras = Object.entries(record)
    .filter(([key, value]) => !OMITTED.has(key) && value !== undefined)
    .map(([key, value]) => `${key}=${valueText(value)}`);
  if (record.reqId !== undefined && (level >= 40 || err)) extras.push(`reqId=${valueText(record.reqId)}`);
  if (extras.length) line += ` ${paint(colors, 90, extras.join(' '))}`;
  if (err && typeof err === 'object') line += `\n${errorText(err)}`;
  return line;
}

/**
 * A pino destination that writes each record as `formatLogRecord` shows it. Pino hands it one
 * JSON line per write; a line that is not JSON is written as it came.
 */
export function readableLogStream(out: LogOutput, options: ReadableLogOptions = {}): { write(chunk: string): boolean } {
  return {
    write(chunk: string) {
      for (const raw of String(chunk).split('\n')) {
        if (!raw.trim()) continue;
        let record: unknown;
        try {
          record = JSON.parse(raw);
        } catch {
          out.write(`${raw}\n`);
          continue;
        }
        if (!record || typeof record !== 'object') {
          out.write(`${raw}\n`);
          continue;
        }
        const text = formatLogRecord(record as Record<string, unknown>, options);
        if (text !== null) out.write(`${text}\n`);
      }
      return true;
    },
  };
}
