import katex from 'katex';
import { HEADING_TAGS } from '../../domain/htmlTags';
import { escapeHtml, mapImages, toXhtml } from '../html';
import type { InteropQuestion, ParsedChildQuestion } from '../model';
import { MATH } from '../../render/math';
import type { Losses } from '../problems';
import { BLANK_RUN, blanksOf, hasNegative } from '../questions';
import { xmlEscape } from '../xml';
import { HTML_ELEMENTS } from './names';

/**
 * Our questions as QTI 3.0 items (and a passage as a shared stimulus), valid against the 1EdTech
 * ASI XSD (tests/fixtures/interop: qti3.test.ts). Maths goes out as MathML with its LaTeX as the
 * annotation (KaTeX writes both), so QTI players show it and our reader gets the LaTeX back.
 */
export const QTI3_NS = 'http://www.imsglobal.org/xsd/imsqtiasi_v3p0';
const HEAD = `xmlns="${QTI3_NS}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="${QTI3_NS} https://purl.imsglobal.org/spec/qti/v3p0/schema/xsd/imsqti_asiv3p0_v1p0.xsd"`;

/** HTML QTI 3 does not hold in text (`u`, `s`, `del`, `ins` and `mark` are not in its content model): unwrapped, the text kept. */
const UNWRAPPED = new Set(['u', 's', 'del', 'ins', 'mark', 'math']);
const KEEP = (name: string) => HTML_ELEMENTS.has(name) && !UNWRAPPED.has(name);
/**
 * The attributes QTI 3's HTML holds of those our editor keeps (its ASI XSD refuses the others:
 * `style` anywhere, a table's `border`, a list's `start`, a link's `target`...): the rest are dropped.
 */
const GLOBAL_ATTRIBUTES = new Set(['id', 'class', 'dir', 'xml:lang']);
const ATTRIBUTES: Record<string, Set<string>> = {
  a: new Set(['href', 'type']),
  img: new Set(['src', 'alt', 'width', 'height', 'longdesc']),
  td: new Set(['colspan', 'rowspan', 'scope', 'headers', 'abbr']),
  th: new Set(['colspan', 'rowspan', 'scope', 'headers', 'abbr']),
  col: new Set(['span']),
  colgroup: new Set(['span']),
};
const qtiAttribute = (name: string, attr: string, value: string) => (GLOBAL_ATTRIBUTES.has(attr) || ATTRIBUTES[name]?.has(attr) ? value : null);

export interface ItemContext {
  label: string;
  losses: Losses;
  /** A picture's file name in the package for a data: URL (null: not one). */
  picture: (src: string) => string | null;
}

function mathml(latex: string, ctx: ItemContext): string | null {
  try {
    const html = katex.renderToString(latex, { output: 'mathml', throwOnError: true });
    return html.slice(html.indexOf('<math'), html.lastIndexOf('</math>') + 7);
  } catch {
    ctx.losses.add('equations', ctx.label, 'KaTeX cannot read them, so QTI gets no MathML');
    return null;
  }
}

/** Our HTML as QTI 3 XHTML: pictures as files of the package, maths as MathML. */
export function xhtml(html: string, ctx: ItemContext): string {
  const withFiles = mapImages(html, (src) => ctx.picture(src) ?? src);
  // Formulas are held as placeholders while the HTML is made well-formed, then put back as MathML.
  const formulas: string[] = [];
  const held = withFiles.replace(new RegExp(MATH.source, 'g'), (whole, a?: string, b?: string) => {
    formulas.push(mathml(a ?? b ?? '', ctx) ?? whole);
    return `\u0001${formulas.length - 1}\u0001`;
  });
  // QTI's table puts a footer before the body; ours after it: the footer rows go in as a body of their own.
  return (
    toXhtml(held.replace(/<(\/?)tfoot\b/gi, '<$1tbody'), KEEP, qtiAttribute)
      // \u0001 marks the formulas' places: a character no question text holds.
      // eslint-disable-next-line no-control-regex
      .replace(/\u0001(\d+)\u0001/g, (_, i: string) =>
        formulas[Number(i)].startsWith('<math') ? toXhtml(formulas[Number(i)]) : escapeHtml(formulas[Number(i)]),
      )
      .replace(/<img\b(?![^>]*\balt=)/g, '<img alt=""')
  );
}

const BLOCKS = new Set([
  'p',
  'div',
  ...HEADING_TAGS,
  'blockquote',
  'pre',
  'ul',
  'ol',
  'dl',
  'table',
  'hr',
  'figure',
  'section',
  'article',
  'aside',
  'header',
  'footer',
  'nav',
  'address',
  'details',
  'qti-choice-interaction',
]);
const TAG = /<(\/?)([a-zA-Z][\w:.-]*)(?:[^>"']|"[^"]*"|'[^']*')*?(\/?)>/g;

/**
 * A body's content as QTI wants it, blocks only: text and inline elements at the top (a question
 * typed without a paragraph, a blank) go into a paragraph. XHTML in, so tags nest.
 */
export function asBlocks(xml: string): string {
  let out = '';
  let run = '';
  let depth = 0;
  let at = 0;
  let inline = false;
  const flush = () => {
    out += run.trim() ? `<p>${run}</p>` : run;
    run = '';
  };
  for (const m of xml.matchAll(TAG)) {
    const text = xml.slice(at, m.index);
    at = m.index! + m[0].length;
    const [whole, close, name, self] = m;
    if (depth === 0 || inline) run += text;
    else out += text;
    if (depth === 0 && !close) {
      inline = !BLOCKS.has(name);
      if (inline) run += whole;
      else {
        flush();
        out += whole;
      }
    } else if (inline) run += whole;
    else out += whole;
    if (close) depth--;
    else if (!self) depth++;
  }
  run += xml.slice(at);
  flush();
  return out;
}

const value = (v: string | number) => `<qti-value>${xmlEscape(String(v))}</qti-value>`;
const outcomeDecl = (id: string, type: string, v?: number) =>
  `<qti-outcome-declaration identifier="${id}" cardinality="single" base-type="${type}"${v === undefined ? '/>' : `><qti-default-value>${value(v)}</qti-default-value></qti-outcome-declaration>`}`;
const variable = (id: string) => `<qti-variable identifier="${id}"/>`;
const float = (v: number) => `<qti-base-value base-type="float">${v}</qti-base-value>`;

interface Parts {
  declarations: string;
  body: string;
  condition: string;
}

function choiceParts(q: Extract<ParsedChildQuestion, { type: 'multiple_choice' | 'true_false' }>, ctx: ItemContext): Parts {
  const ids = q.options.map((_, i) => (i < 26 ? String.fromCharCode(65 + i) : `C${i + 1}`));
  const right = ids.filter((_, i) => q.options[i].isCorrect);
  const single = q.type === 'true_false' || right.length === 1;
  const choices = q.options.map((o, i) => `<qti-simple-choice identifier="${ids[i]}">${xhtml(o.name, ctx)}</qti-simple-choice>`).join('');
  return {
    declarations: `<qti-response-declaration identifier="RESPONSE" cardinality="${single ? 'single' : 'multiple'}" base-type="identifier"><qti-correct-response>${right.map(value).join('')}</qti-correct-response></qti-response-declaration>`,
    body: `${xhtml(q.name, ctx)}<qti-choice-interaction response-identifier="RESPONSE" max-choices="${single ? 1 : 0}">${choices}</qti-choice-interaction>`,
    condition: `<qti-match>${variable('RESPONSE')}<qti-correct identifier="RESPONSE"/></qti-match>`,
  };
}

function blankParts(q: Extract<ParsedChildQuestion, { type: 'fill_ups' | 'integer' }>, ctx: ItemContext): Parts {
  const entry = (k: number) => `<qti-text-entry-interaction response-identifier="RESPONSE_${k}"/>`;
  if (q.type === 'integer') {
    return {
      declarations: `<qti-response-declaration identifier="RESPONSE_1" cardinality="single" base-type="integer"><qti-correct-response>${value(q.solution.trim())}</qti-correct-response></qti-response-declaration>`,
      body: `${xhtml(q.name, ctx)}<p>${entry(1)}</p>`,
      condition: `<qti-match>${variable('RESPONSE_1')}<qti-correct identifier="RESPONSE_1"/></qti-match>`,
    };
  }
  const blanks = blanksOf(q);
  let k = 0;
  let body = xhtml(q.name, ctx).replace(BLANK_RUN, (run) => (k < blanks.length ? entry(++k) : run));
  if (k < blanks.length) {
    ctx.losses.add('blankMarkers', ctx.label);
    body += `<p>${blanks
      .slice(k)
      .map((_, i) => entry(k + i + 1))
      .join(' ')}</p>`;
  }
  const declarations: string[] = [];
  const tests: string[] = [];
  blanks.forEach((alternatives, i) => {
    const id = `RESPONSE_${i + 1}`;
    const words = alternatives.filter((a) => a.type === 'constants');
    const ranges = alternatives.filter((a) => a.type === 'range');
    if (words.length && ranges.length) ctx.losses.add('mixedBlank', ctx.label);
    if (words.length) {
      const entries = words.map((w) => `<qti-map-entry map-key="${xmlEscape(w.name)}" mapped-value="1" case-sensitive="true"/>`).join('');
      declarations.push(
        `<qti-response-declaration identifier="${id}" cardinality="single" base-type="string"><qti-correct-response>${value(words[0].name)}</qti-correct-response><qti-mapping default-value="0">${entries}</qti-mapping></qti-response-declaration>`,
      );
      tests.push(`<qti-gt><qti-map-response identifier="${id}"/>${float(0)}</qti-gt>`);
    } else {
      const r = ranges as Extract<(typeof ranges)[number], { type: 'range' }>[];
      declarations.push(
        `<qti-response-declaration identifier="${id}" cardinality="single" base-type="float"><qti-correct-response>${value(r[0].floor)}</qti-correct-response></qti-response-declaration>`,
      );
      const each = r.map((a) => `<qti-and><qti-gte>${variable(id)}${float(a.floor)}</qti-gte><qti-lte>${variable(id)}${float(a.cap)}</qti-lte></qti-and>`);
      tests.push(each.length > 1 ? `<qti-or>${each.join('')}</qti-or>` : each[0]);
    }
  });
  return { declarations: declarations.join(''), body, condition: tests.length > 1 ? `<qti-and>${tests.join('')}</qti-and>` : tests[0] };
}

export function itemXml(q: ParsedChildQuestion, id: string, stimulus: { id: string; href: string } | null, ctx: ItemContext): string {
  const parts =
    q.type === 'multiple_choice' || q.type === 'true_false'
      ? choiceParts(q, ctx)
      : blankParts(q as Extract<ParsedChildQuestion, { type: 'fill_ups' | 'integer' }>, ctx);
  const positive = q.marks?.positive ?? 1;
  const negative = hasNegative(q) ? q.marks!.negative : 0;
  const solution = q.type !== 'integer' && q.solution ? q.solution : '';
  const set = (outcomeId: string, v: string) => `<qti-set-outcome-value identifier="${outcomeId}">${v}</qti-set-outcome-value>`;
  const processing =
    `<qti-response-processing><qti-response-condition><qti-response-if>${parts.condition}${set('SCORE', variable('MAXSCORE'))}</qti-response-if>` +
    `<qti-response-else>${set('SCORE', float(-negative))}</qti-response-else></qti-response-condition>` +
    (solution ? set('FEEDBACK', '<qti-base-value base-type="identifier">SOLUTION</qti-base-value>') : '') +
    `</qti-response-processing>`;
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<qti-assessment-item ${HEAD} identifier="${id}" title="Question ${xmlEscape(ctx.label)}" label="${q.type}" adaptive="false" time-dependent="false">` +
    parts.declarations +
    outcomeDecl('SCORE', 'float', 0) +
    outcomeDecl('MAXSCORE', 'float', positive) +
    (negative ? outcomeDecl('MINSCORE', 'float', -negative) : '') +
    (solution ? outcomeDecl('FEEDBACK', 'identifier') : '') +
    (stimulus ? `<qti-assessment-stimulus-ref identifier="${stimulus.id}" href="${xmlEscape(stimulus.href)}"/>` : '') +
    `<qti-item-body>${asBlocks(parts.body)}</qti-item-body>${processing}` +
    (solution
      ? `<qti-modal-feedback outcome-identifier="FEEDBACK" identifier="SOLUTION" show-hide="show"><qti-content-body>${asBlocks(xhtml(solution, ctx))}</qti-content-body></qti-modal-feedback>`
      : '') +
    `</qti-assessment-item>\n`
  );
}

export function stimulusXml(q: Extract<InteropQuestion, { type: 'comprehension' }>, id: string, ctx: ItemContext): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<qti-assessment-stimulus ${HEAD} identifier="${id}" title="Passage ${xmlEscape(ctx.label)}"><qti-stimulus-body>${asBlocks(xhtml(q.paragraph, ctx)) || '<p></p>'}</qti-stimulus-body></qti-assessment-stimulus>\n`;
}
