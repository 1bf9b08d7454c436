import { useLayoutEffect, useRef } from 'react';
import { renderMathIn } from '@shared/render/math';

/**
 * Stored rich text (HTML the server sanitised on the way in) shown for reading, with its maths
 * rendered by KaTeX.
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
