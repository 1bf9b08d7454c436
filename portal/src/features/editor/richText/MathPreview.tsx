import { useEffect, useRef, useState } from 'react';
import { Caption1, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import 'katex/dist/katex.min.css';
import { hasMath, renderMathIn } from '@shared/render/math';

/** Spec section 9: maths renders after a 1-second wait. */
export const MATH_RENDER_WAIT_MS = 1000;

const useStyles = makeStyles({
  preview: {
    padding: tokens.spacingVerticalS,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
    overflowX: 'auto',
    '& .tf-math-error': { color: tokens.colorPaletteRedForeground1, textDecoration: 'underline wavy' },
    '& p': { margin: 0 },
  },
});

/** The live KaTeX preview of a rich text that holds maths; nothing when it holds none. */
export function MathPreview({ html }: { html: string }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState<string | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => setShown(html), MATH_RENDER_WAIT_MS);
    return () => clearTimeout(timer);
  }, [html]);

  useEffect(() => {
    if (!ref.current || shown === null) return;
    // The editor's own HTML (already limited to its schema), rendered for reading only.
    ref.current.innerHTML = shown;
    renderMathIn(ref.current);
  }, [shown]);

  if (!hasMath(html) && !(shown && hasMath(shown))) return null;
  return (
    <div>
      <Caption1>{t('editor.mathPreview')}</Caption1>
      <div ref={ref} className={styles.preview} data-testid="math-preview" />
    </div>
  );
}
