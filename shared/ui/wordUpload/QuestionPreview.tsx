import { Badge, Button, Caption1, makeStyles, Subtitle2, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { htmlText } from '../../domain/test/html';
import type { ParsedChildQuestion, ParsedDocument, ParsedQuestion } from '../../parser/types';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: '6px', margin: 0, padding: 0, listStyleType: 'none', maxHeight: '320px', overflowY: 'auto' },
  item: {
    display: 'flex',
    flexDirection: 'column',
    gap: '4px',
    padding: '8px 10px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
    minWidth: 0,
  },
  head: { display: 'flex', gap: '6px', alignItems: 'center', flexWrap: 'wrap' },
  stem: { overflowWrap: 'anywhere' },
  options: { margin: 0, paddingLeft: '20px', display: 'flex', flexDirection: 'column', gap: '2px' },
  right: { color: tokens.colorPaletteGreenForeground1, fontWeight: tokens.fontWeightSemibold },
  missing: { color: tokens.colorPaletteDarkOrangeForeground1 },
  children: {
    margin: 0,
    paddingLeft: '12px',
    listStyleType: 'none',
    display: 'flex',
    flexDirection: 'column',
    gap: '4px',
    borderLeft: `2px solid ${tokens.colorNeutralStroke2}`,
  },
});

const EXCERPT = 140;
const excerpt = (html: string) => {
  const text = htmlText(html.replace(/<img\b[^>]*>/gi, ' 🖼 '));
  return text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1)}…` : text;
};
const letter = (i: number) => String.fromCharCode(97 + i);

/**
 * What the parser understood, question by question, before anything is uploaded: its type, its
 * options with the correct ones ticked, its answer and the rule that found it ("from underline"),
 * so a teacher can spot and fix the few it got wrong. In Word, `onShow` selects the question.
 */
export function QuestionPreview({ parsed, onShow }: { parsed: ParsedDocument; onShow?: (paragraph: number) => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const questions = parsed.sections.flatMap((s) => s.questions);
  if (questions.length === 0) return null;

  const answerOf = (q: ParsedChildQuestion) => {
    if (q.type === 'integer') return q.solution;
    if (q.type === 'fill_ups') return q.options.map((o) => o.name).join(' | ');
    const correct = q.options.map((o, i) => (o.isCorrect ? i : -1)).filter((i) => i >= 0);
    if (q.type === 'true_false') return correct.length ? q.options[correct[0]].name : '';
    return correct.map((i) => `(${letter(i)})`).join(', ');
  };
  const answerLine = (q: ParsedChildQuestion) => {
    const answer = answerOf(q);
    if (!answer)
      return (
        <Caption1 className={styles.missing} data-testid="word-preview-no-answer">
          {t('wordUpload.previewNoAnswer')}
        </Caption1>
      );
    const rule = q.answerFrom && q.answerFrom !== 'none' ? ` · ${t('wordUpload.previewRule', { rule: t(`parser.rules.${q.answerFrom}`) })}` : '';
    return <Caption1 data-testid="word-preview-answer">{`${t('wordUpload.previewAnswer', { answer })}${rule}`}</Caption1>;
  };
  const body = (q: ParsedChildQuestion) => (
    <>
      <span className={styles.stem}>{excerpt(q.name)}</span>
      {(q.type === 'multiple_choice' || q.type === 'true_false') && (
        <ol className={styles.options} type="a">
          {q.options.map((o, i) => (
            <li key={i} className={o.isCorrect ? styles.right : undefined}>
              {excerpt(o.name)}
              {o.isCorrect ? ' ✓' : ''}
            </li>
          ))}
        </ol>
      )}
      {answerLine(q)}
    </>
  );
  const head = (q: ParsedQuestion, n: number) => (
    <div className={styles.head}>
      <Subtitle2>{n}</Subtitle2>
      <Badge appearance="tint" color={q.type === 'comprehension' ? 'brand' : 'informative'}>
        {t(`editor.type.${q.type}`)}
      </Badge>
      {onShow && q.docParagraph && (
        <Button size="small" appearance="transparent" onClick={() => onShow(q.docParagraph!)}>
          {t('wordUpload.showInDocument')}
        </Button>
      )}
    </div>
  );

  return (
    <section data-testid="word-preview" style={{ display: 'flex', flexDirection: 'column', gap: 6 }}>
      <Subtitle2>{t('wordUpload.previewTitle')}</Subtitle2>
      <ol className={styles.list}>
        {questions.map((q, i) => (
          <li key={i} className={styles.item} data-testid="word-preview-question" data-type={q.type} data-rule={q.answerFrom ?? ''}>
            {head(q, i + 1)}
            {q.type === 'comprehension' ? (
              <>
                <span className={styles.stem}>{excerpt(q.paragraph)}</span>
                <Caption1>{t('wordUpload.previewChildren', { count: q.questions.length })}</Caption1>
                <ul className={styles.children}>
                  {q.questions.map((child, c) => (
                    <li key={c} data-testid="word-preview-child">
                      {body(child)}
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              body(q)
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
