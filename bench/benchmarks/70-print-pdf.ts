import { CHROMIUM_PATH, chromiumAvailable } from '@tests/support/browser';
import { measureOnEachDatabase } from '../lib/databases';
import { once } from '../lib/once';
import { portalBuild } from '../lib/portalBuild';
import { startServer } from '../lib/server';
import { median, round } from '../lib/stats';
import type { Benchmark, Figure } from '../lib/types';
import { seed, signIn } from './60-editor';

/**
 * Export as PDF of a 100-question test (4 sections of 25, all five types, maths in every
 * question): GET /v2/test/{id}/print-pdf end to end over HTTP, the first call (Chromium starts)
 * and the calls after it, with and without the answer key.
 */

const SECTIONS = 4;
const PER_SECTION = 25;
const WARM_CALLS = 5;

const benchmark: Benchmark = {
  id: 'print-pdf',
  title: `Export as PDF: a test of ${SECTIONS * PER_SECTION} questions with maths`,
  async run(ctx) {
    if (!chromiumAvailable()) return { figures: [], notes: [`no Chromium at ${CHROMIUM_PATH}: nothing to measure (the call answers 503)`] };
    const build = portalBuild(ctx, 'print-pdf');
    const result = await measureOnEachDatabase(ctx, async (kind, database) => {
      const server = await startServer(database, { distDir: build.distDir, filesDir: ctx.tempDir('testforge-bench-files-'), chromiumPath: CHROMIUM_PATH });
      const closeServer = once(() => server.close());
      ctx.onCleanup(closeServer);
      ctx.log(`${kind}: seeding ${SECTIONS} sections of ${PER_SECTION} questions`);
      const token = await signIn(server.baseUrl, database);
      const { testId } = await seed(server.baseUrl, token, SECTIONS, PER_SECTION);
      const exportPdf = async (answers: boolean) => {
        const start = performance.now();
        const res = await fetch(`${server.baseUrl}/api/v2/test/${testId}/print-pdf${answers ? '?answers=true' : ''}`, { headers: { 'x-access-token': token } });
        const bytes = Buffer.from(await res.arrayBuffer());
        if (res.status !== 200 || !bytes.subarray(0, 5).equals(Buffer.from('%PDF-')))
          throw new Error(`print-pdf answered ${res.status}: ${bytes.subarray(0, 200)}`);
        const pages = bytes.toString('latin1').match(/\/Type\s*\/Page[^s]/g)?.length ?? 0;
        return { ms: performance.now() - start, kb: bytes.length / 1024, pages };
      };
      ctx.log(`${kind}: the first export (Chromium starts), then ${WARM_CALLS} with and ${WARM_CALLS} without the answer key`);
      const first = await exportPdf(false);
      const plain: Awaited<ReturnType<typeof exportPdf>>[] = [];
      const keyed: Awaited<ReturnType<typeof exportPdf>>[] = [];
      for (let i = 0; i < WARM_CALLS; i++) {
        plain.push(await exportPdf(false));
        keyed.push(await exportPdf(true));
      }
      await closeServer();
      const describe = (runs: typeof plain) =>
        `${runs.length === 1 ? 'one call' : `${runs.length} sequential calls`} over HTTP; ${runs[0].pages} A4 pages, ${round(runs[0].kb)} KB`;
      const figures: Figure[] = [
        { name: 'first export (Chromium starts)', value: round(first.ms), unit: 'ms', database: kind, detail: describe([first]) },
        { name: 'export, 100 questions (median)', value: round(median(plain.map((r) => r.ms))), unit: 'ms', database: kind, detail: describe(plain) },
        { name: 'export with answer key (median)', value: round(median(keyed.map((r) => r.ms))), unit: 'ms', database: kind, detail: describe(keyed) },
      ];
      return figures;
    });
    return { figures: result.figures, notes: [...build.notes, ...result.notes] };
  },
};

export default benchmark;
