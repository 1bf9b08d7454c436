import { unzipSync } from 'fflate';
import type { ImportResult, InteropQuestion, InteropSection, ParsedChildQuestion } from '../model';
import { dataUrl, isShowable, typeOfName } from '../pictures';
import { Problems } from '../problems';
import { attr, child, elements, parseXml, utf8, type XmlElement } from '../xml';
import { contentHtml } from './content';
import { readItem } from './item';
import { lomOf } from './lom';
import { qtiAttr, qtiChild, qtiChildren, qtiName } from './names';

/**
 * A QTI content package (3.0, or 2.1/2.2 as Canvas, TAO and most banks write them) in: the
 * manifest's test gives the sections (or, without a test, its items in order make one), each
 * item one question, items sharing a stimulus one comprehension passage, pictures from the zip.
 */

const dirOf = (path: string) => path.slice(0, path.lastIndexOf('/') + 1);
/** A path relative to a file of the package, `..` resolved. */
function resolve(base: string, href: string): string {
  const out: string[] = [];
  for (const part of (dirOf(base) + decodeURIComponent(href.split('#')[0])).split('/')) {
    if (part === '..') out.pop();
    else if (part !== '.' && part !== '') out.push(part);
  }
  return out.join('/');
}

class Package {
  readonly files: Record<string, Uint8Array>;
  private readonly texts = new Map<string, XmlElement | null>();
  constructor(files: Record<string, Uint8Array>) {
    // Some tools zip the package inside a folder: paths are taken from the manifest's folder.
    const manifest = Object.keys(files).find((p) => /(^|\/)imsmanifest\.xml$/i.test(p)) ?? '';
    const root = dirOf(manifest);
    this.files = Object.fromEntries(
      Object.entries(files)
        .filter(([p]) => p.startsWith(root))
        .map(([p, b]) => [p.slice(root.length), b]),
    );
  }
  xml(path: string): XmlElement | null {
    if (!this.texts.has(path)) this.texts.set(path, this.files[path] ? parseXml(utf8(this.files[path]), path) : null);
    return this.texts.get(path)!;
  }
}

interface ItemRef {
  href: string;
  /** Difficulty and tags from the item's resource in the manifest. */
  meta?: ReturnType<typeof lomOf>;
}

function sectionsOfTest(pkg: Package, testPath: string): { name: string | null; items: ItemRef[] }[] {
  const test = pkg.xml(testPath);
  const out: { name: string | null; items: ItemRef[] }[] = [];
  // Nested sections read as the sections that hold items, each by its own title.
  const walk = (section: XmlElement) => {
    const items = qtiChildren(section, 'qti-assessment-item-ref').map((ref) => ({ href: resolve(testPath, qtiAttr(ref, 'href') ?? '') }));
    if (items.length) out.push({ name: qtiAttr(section, 'visible') === 'false' ? null : qtiAttr(section, 'title')?.trim() || null, items });
    qtiChildren(section, 'qti-assessment-section').forEach(walk);
  };
  for (const part of qtiChildren(test, 'qti-test-part')) qtiChildren(part, 'qti-assessment-section').forEach(walk);
  return out;
}

export function importQtiPackage(bytes: Uint8Array, format: 'qti3' | 'qti2'): ImportResult {
  const problems = new Problems(format);
  let pkg: Package;
  try {
    pkg = new Package(unzipSync(bytes));
  } catch (error) {
    problems.error(null, 'file', `the zip cannot be opened (${(error as Error).message})`);
    return { format, sections: [], problems: problems.list, questionCount: 0 };
  }
  const manifest = pkg.xml('imsmanifest.xml');
  const resources = elements(child(manifest, 'resources'), 'resource');
  const test = resources.find((r) => /test/i.test(attr(r, 'type') ?? ''));
  const plan: { name: string | null; items: ItemRef[] }[] = test
    ? sectionsOfTest(pkg, attr(test, 'href') ?? '')
    : [{ name: null, items: resources.filter((r) => /item/i.test(attr(r, 'type') ?? '')).map((r) => ({ href: resolve('', attr(r, 'href') ?? '') })) }];
  const meta = new Map(resources.map((r) => [resolve('', attr(r, 'href') ?? ''), lomOf(r)]));
  plan.forEach((part) => part.items.forEach((item) => (item.meta = meta.get(item.href))));
  return readItems(
    plan,
    (path) => pkg.xml(path),
    (path) => pkg.files[path] ?? null,
    problems,
    format,
  );
}

/** One item file on its own (not a package): one question. */
export function importQtiItem(xml: string, format: 'qti3' | 'qti2'): ImportResult {
  const problems = new Problems(format);
  const root = parseXml(xml, 'the QTI file');
  return readItems(
    [{ name: null, items: [{ href: 'item.xml' }] }],
    (path) => (path === 'item.xml' ? root : null),
    () => null,
    problems,
    format,
  );
}

function readItems(
  plan: { name: string | null; items: ItemRef[] }[],
  xml: (path: string) => XmlElement | null,
  file: (path: string) => Uint8Array | null,
  problems: Problems,
  format: 'qti3' | 'qti2',
): ImportResult {
  const sections: InteropSection[] = [];
  let number = 0;
  let count = 0;
  for (const part of plan) {
    const questions: InteropQuestion[] = [];
    let passage = null as { href: string; question: Extract<InteropQuestion, { type: 'comprehension' }> } | null;
    for (const ref of part.items) {
      const n = ++number;
      const ctx = {
        note: (code: string, message: string) => problems.warning(n, code, message),
        picture: (src: string, base = ref.href) => {
          if (/^(https?:|data:)/i.test(src)) return src;
          const path = resolve(base, src);
          const bytes = file(path);
          const type = typeOfName(path);
          if (bytes && isShowable(type)) return dataUrl(type, bytes);
          problems.warning(
            n,
            bytes ? 'pictureFormat' : 'pictureMissing',
            bytes ? `a picture browsers may not show safely (${path}) left out` : `a picture not in the package (${path}) left out`,
          );
          return null;
        },
      };
      let item: XmlElement | null;
      try {
        item = xml(ref.href);
      } catch (error) {
        problems.error(n, 'file', (error as Error).message);
        continue;
      }
      if (!item || qtiName(item) !== 'qti-assessment-item') {
        problems.error(n, 'file', `no assessment item at ${ref.href}`);
        continue;
      }
      const read = readItem(item, { ...ctx, picture: (src) => ctx.picture(src) });
      if ('error' in read) {
        problems.error(n, read.error.code, read.error.message, read.error.skip);
        continue;
      }
      count++;
      Object.assign(read.question, ref.meta);
      // Items that share a stimulus (a passage) make one comprehension, in the order they come.
      const stimulusRef = qtiChild(item, 'qti-assessment-stimulus-ref');
      const href = stimulusRef ? resolve(ref.href, qtiAttr(stimulusRef, 'href') ?? '') : null;
      if (href && passage?.href === href) {
        passage.question.questions.push(read.question as ParsedChildQuestion);
        continue;
      }
      if (href) {
        const stimulus = xml(href);
        const body = qtiChild(stimulus, 'qti-stimulus-body');
        if (body) {
          passage = {
            href,
            question: {
              type: 'comprehension',
              name: '',
              solution: '',
              paragraph: contentHtml(body, { ...ctx, picture: (src) => ctx.picture(src, href) })
                .replace(/\s*\n\s*/g, ' ')
                .trim(),
              questions: [read.question],
            },
          };
          questions.push(passage.question);
          continue;
        }
        problems.warning(n, 'stimulusMissing', `the shared passage ${href} is not in the package: the question comes without it`);
      }
      passage = null;
      questions.push(read.question);
    }
    if (questions.length) sections.push({ name: part.name, questions });
  }
  if (number === 0) problems.error(null, 'noQuestions', `no ${format === 'qti3' ? 'QTI 3.0' : 'QTI 2.x'} items in the file`);
  return { format, sections, problems: problems.list, questionCount: count };
}
