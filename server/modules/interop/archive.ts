import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { Loss } from '@shared/interop/model';
import { zipEntryName } from './presenter';

export interface ArchiveTest {
  id: string;
  name: string;
}

type Exported = { fileName: string; data: Uint8Array; losses: Loss[]; testName: string };

/**
 * The library export: one zip, written a test at a time as the tests are read and converted, so
 * a selection of hundreds of tests never sits in memory whole. Zips inside (QTI, Word, XLSX) are
 * stored as they are; text files are deflated. losses.json, last, names what each file dropped.
 * The 404s and limits were checked before the first byte: a failure from here on can only cut
 * the download short (the zip then has no directory and will not open).
 */
export async function* libraryZip(tests: ArchiveTest[], exportOne: (id: string) => Promise<Exported>): AsyncGenerator<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => (error ? (failure = error) : chunks.push(chunk)));
  const used = new Set<string>(['losses.json']);
  const add = (name: string, data: Uint8Array, deflate: boolean) => {
    const file = deflate ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
    zip.add(file);
    file.push(data, true);
    if (failure) throw failure;
  };
  const report: { test: string; file: string; losses: Loss[] }[] = [];
  for (const test of tests) {
    const out = await exportOne(test.id);
    // The converter names its file "test.<extension>"; the zip names it by the test.
    const name = zipEntryName(out.testName, out.fileName.slice('test'.length), used);
    add(name, out.data, !/\.(zip|docx|xlsx)$/.test(name));
    report.push({ test: out.testName, file: name, losses: out.losses });
    yield* chunks.splice(0);
  }
  add('losses.json', new TextEncoder().encode(`${JSON.stringify(report, null, 2)}\n`), true);
  zip.end();
  yield* chunks.splice(0);
}
