import { RichText } from '../../app/RichText';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Plain text (a right answer in words, a question's text for the table) with its maths typeset, never read as HTML. */
export function MathText({ text, className, dataTestId }: { text: string; className?: string; dataTestId?: string }) {
  return (
    <span className={className} title={text} data-testid={dataTestId}>
      <RichText as="span" html={escapeHtml(text)} />
    </span>
  );
}
