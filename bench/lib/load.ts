import autocannon from 'autocannon';
import type { BenchContext, DatabaseKind, Figure } from './types';
import { round } from './stats';

export interface LoadRequest {
  /** Only http://127.0.0.1 addresses: the benchmarks never leave this machine. */
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: unknown;
}

export interface LoadFigures {
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  /** Responses counted in the percentiles (2xx only). */
  samples: number;
  /** Non-2xx answers, connection errors and timeouts: a run with any is not a clean measurement. */
  failures: number;
  statusCodes: Record<string, number>;
  durationSec: number;
}

/**
 * A warm-up run, then a measured run of fixed duration at `connections` concurrent connections.
 * The load generator (autocannon) runs in a worker thread so that it does not share the event
 * loop of an in-process server. Latency resolution is 1 ms (autocannon's histogram).
 */
export async function measureLoad(ctx: BenchContext, label: string, request: LoadRequest): Promise<LoadFigures> {
  const url = new URL(request.url);
  if (url.hostname !== '127.0.0.1') throw new Error(`load may only target 127.0.0.1, not ${url.hostname}`);
  const { connections, durationSec, warmupSec } = ctx.settings;
  const options = {
    url: request.url,
    method: request.method ?? 'GET',
    headers: { ...(request.body === undefined ? {} : { 'content-type': 'application/json' }), ...request.headers },
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
    connections,
    timeout: 30,
    workers: 1,
  };
  if (warmupSec > 0) {
    ctx.log(`  ${label}: warm-up ${warmupSec} s`);
    await run({ ...options, duration: warmupSec }, ctx);
  }
  ctx.log(`  ${label}: measuring ${durationSec} s at ${connections} connections`);
  const result = await run({ ...options, duration: durationSec }, ctx);
  const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, stats]) => [code, stats.count]));
  return {
    requestsPerSec: result['2xx'] / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    samples: result.latency.totalCount,
    failures: result.non2xx + result.errors + result.timeouts,
    statusCodes,
    durationSec: result.duration,
  };
}

async function run(options: autocannon.Options & { duration: number }, ctx: BenchContext): Promise<autocannon.Result> {
  const instance = autocannon(options);
  let stopped = false;
  ctx.onCleanup(() => {
    if (!stopped) instance.stop();
  });
  // autocannon stops itself after `duration`; this bounds it if the server never answers.
  const guard = setTimeout(() => instance.stop(), (options.duration + 60) * 1000);
  try {
    return await instance;
  } finally {
    stopped = true;
    clearTimeout(guard);
  }
}

/** Throughput, p50 and p99 of one load run, with the p99 target where there is one. */
export function loadFigures(call: string, kind: DatabaseKind, load: LoadFigures, connections: number, p99TargetMs?: number): Figure[] {
  const clean = load.failures === 0;
  const detail =
    `${load.samples} responses in ${load.durationSec} s at ${connections} connections` +
    (clean ? '' : `; ${load.failures} failed (status codes ${JSON.stringify(load.statusCodes)})`);
  const p99: Figure = { name: `${call} p99`, value: load.p99Ms, unit: 'ms', database: kind, detail };
  if (p99TargetMs !== undefined) {
    p99.target = `< ${p99TargetMs} ms at ${connections} connections`;
    p99.meetsTarget = clean && load.p99Ms < p99TargetMs;
  }
  return [
    { name: `${call} throughput`, value: round(load.requestsPerSec), unit: 'req/s', database: kind, detail },
    { name: `${call} p50`, value: load.p50Ms, unit: 'ms', database: kind, detail },
    p99,
  ];
}
