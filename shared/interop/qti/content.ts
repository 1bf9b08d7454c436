import { escapeAttr, escapeHtml } from '../html';
import { BLANK } from '../questions';
import { innerHtml, type XmlElement } from '../xml';
import { qtiAttr, qtiChildren, qtiName } from './names';

/**
 * The content of a QTI item, stimulus or feedback as our HTML: pictures resolved through
 * `picture` (files of the package as data: URLs), MathML as its LaTeX annotation (`$...$`), a
 * text-entry interaction as the blank `____`, a choice interaction's prompt as text and its
 * choices left to the item reader. Feedback, rubrics and templates are not question text.
 */
export interface ContentContext {
  picture: (src: string) => string | null;
  note: (code: string, message: string) => void;
}

const SKIPPED = new Set([
  'qti-feedback-inline',
  'qti-feedback-block',
  'qti-rubric-block',
  'qti-template-inline',
  'qti-template-block',
  'qti-modal-feedback',
  'qti-companion-materials-info',
  'qti-catalog-info',
  'qti-stylesheet',
]);

function mathLatex(math: XmlElement): string | null {
  const stack = [math];
  while (stack.length) {
    const el = stack.pop()!;
    if (el.localName === 'annotation' && /tex|latex/i.test(el.getAttribute('encoding') ?? '')) return el.textContent.trim();
    stack.push(...qtiChildren(el));
  }
  return null;
}

export function contentHtml(el: XmlElement, ctx: ContentContext): string {
  return innerHtml(el, (node) => {
    const name = qtiName(node);
    if (name === 'math') {
      const latex = mathLatex(node);
      if (latex !== null) return `$${latex}$`;
      ctx.note('mathml', 'a MathML equation without LaTeX kept as its text');
      return escapeHtml(node.textContent.replace(/\s+/g, ' ').trim());
    }
    if (name === 'img' || (name === 'object' && /^image\//.test(qtiAttr(node, 'type') ?? ''))) {
      const src = ctx.picture(qtiAttr(node, name === 'img' ? 'src' : 'data') ?? '');
      if (src === null) return '';
      const size = ['width', 'height'].map((a) => (qtiAttr(node, a) ? ` ${a}="${escapeAttr(qtiAttr(node, a)!)}"` : '')).join('');
      return `<img src="${escapeAttr(src)}"${size}>`;
    }
    if (name === 'qti-text-entry-interaction') return BLANK;
    if (name === 'qti-choice-interaction')
      return qtiChildren(node, 'qti-prompt')
        .map((p) => contentHtml(p, ctx))
        .join('');
    if (name === 'qti-prompt') return `<p>${contentHtml(node, ctx)}</p>`;
    if (SKIPPED.has(name) || name === 'qti-simple-choice' || name === 'qti-content-body') return name === 'qti-content-body' ? contentHtml(node, ctx) : '';
    if (name.startsWith('qti-')) return contentHtml(node, ctx); // other QTI wrappers: their content
    return undefined;
  }).trim();
}
