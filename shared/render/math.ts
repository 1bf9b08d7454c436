import katex from 'katex';

/**
 * LaTeX between `$...$` or `\(...\)` in question text (issue 4). As in Pandoc, a `$` opens maths
 * only before a non-space and closes it only after a non-space and not before a digit, so money
 * ("from $5 to $12") stays text (issue 15).
 */
export const MATH = /\$(?=\S)([^$\n]*?[^\s$\\])\$(?!\d)|\\\(([\s\S]+?)\\\)/g;

/**
 * KaTeX's HTML by formula, most recently used last: a long question list renders the cards that
 * scroll into view, often again, and typesetting is most of a card's cost.
 */
const RENDERED = new Map<string, string>();
const RENDERED_MAX = 2000;

function typeset(latex: string): string {
  let html = RENDERED.get(latex);
  if (html === undefined) {
    html = katex.renderToString(latex, { throwOnError: true, output: 'html' });
    if (RENDERED.size >= RENDERED_MAX) RENDERED.delete(RENDERED.keys().next().value!);
  } else {
    RENDERED.delete(latex);
  }
  RENDERED.set(latex, html);
  return html;
}

export function hasMath(text: string): boolean {
  return new RegExp(MATH.source).test(text);
}

/**
 * Renders the maths inside an element's text with KaTeX, in place. A formula KaTeX cannot read
 * stays as typed, marked, with KaTeX's reason as its title, so the author sees what to fix.
 */
export function renderMathIn(root: HTMLElement): void {
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  while (walker.nextNode()) texts.push(walker.currentNode as Text);
  for (const text of texts) {
    const value = text.nodeValue ?? '';
    if (!hasMath(value)) continue;
    const document = root.ownerDocument;
    const fragment = document.createDocumentFragment();
    let last = 0;
    for (const match of value.matchAll(new RegExp(MATH.source, 'g'))) {
      fragment.append(value.slice(last, match.index));
      const span = document.createElement('span');
      span.className = 'tf-math';
      try {
        span.innerHTML = typeset(match[1] ?? match[2]);
      } catch (error) {
        span.textContent = match[0];
        span.classList.add('tf-math-error');
        span.title = error instanceof Error ? error.message : String(error);
      }
      fragment.append(span);
      last = (match.index ?? 0) + match[0].length;
    }
    fragment.append(value.slice(last));
    text.replaceWith(fragment);
  }
}

/**
 * The text cut to about `max` characters with "…", never inside a formula: a formula the cut
 * would split is left out whole (or kept whole when the text starts with it), so an excerpt shows
 * rendered maths, not half a formula's source.
 */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = max - 1;
  for (const match of text.matchAll(new RegExp(MATH.source, 'g'))) {
    const start = match.index ?? 0;
    const end = start + match[0].length;
    if (start >= cut) break;
    if (end > cut) {
      cut = start > 0 ? start : end;
      break;
    }
  }
  if (cut >= text.length) return text;
  return `${text.slice(0, cut).trimEnd()}…`;
}
