import { useLayoutEffect, useRef } from 'react';
import 'katex/dist/katex.min.css';
import { hasMath, renderMathIn } from '../render/math';

/**
 * Stored rich text (HTML the server sanitised on the way in) shown for reading, with its maths
 * rendered by KaTeX. The portal and the add-in's previews both show text this way (issue 29).
 */
export function RichText({ html, className, as = 'div', dataTestId }: { html: string; className?: string; as?: 'div' | 'span'; dataTestId?: string }) {
  const ref = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    if (!ref.current) return;
    ref.current.innerHTML = html;
    renderMathIn(ref.current);
  }, [html]);
  const Tag = as;
  return <Tag ref={ref as never} className={className} data-testid={dataTestId} />;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Plain text (a preview's excerpt, an answer on one line) with its maths typeset, never read as HTML. */
export function TextWithMath({ text, className, dataTestId }: { text: string; className?: string; dataTestId?: string }) {
  if (!hasMath(text))
    return (
      <span className={className} data-testid={dataTestId}>
        {text}
      </span>
    );
  return <RichText as="span" html={escapeHtml(text)} className={className} dataTestId={dataTestId} />;
}
