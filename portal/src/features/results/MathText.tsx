import { useLayoutEffect, useRef } from 'react';
import { renderMathIn } from '../../../../shared/render/math';

/** Plain text (a right answer in words, a question's text for the table) with its maths typeset, never read as HTML. */
export function MathText({ text, className, testId }: { text: string; className?: string; testId?: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    if (!ref.current) return;
    ref.current.textContent = text;
    renderMathIn(ref.current);
  }, [text]);
  return <span ref={ref} className={className} title={text} data-testid={testId} />;
}
