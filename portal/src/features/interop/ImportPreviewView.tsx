import { Body1, Caption1, makeStyles, MessageBar, MessageBarBody, Text, tokens } from '@fluentui/react-components';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PREVIEW_QUESTIONS, type ImportPreview, type ImportProblem, type PreviewQuestion } from '@shared/contract/interop';
import { PictureThumbnails } from '@shared/ui/PictureThumbnail';
import { ProblemGroup, useFileLineStyles, type ProblemSeverity } from '@shared/ui/ProblemGroup';
import { TextWithMath } from '@shared/ui/RichText';

const useStyles = makeStyles({
  detail: { color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
  text: { overflowWrap: 'anywhere' },
  children: { margin: '4px 0 0', paddingInlineStart: '18px' },
});

/** How many questions the preview lists (the server sends their pictures): enough to recognise the file, not a bank of thousands. */
export { PREVIEW_QUESTIONS };

/** A problem's cause in the user's language (by its code), its English detail kept beneath. */
const cause = (t: TFunction, p: ImportProblem) => t(`interop.problems.${p.code}`, { defaultValue: '' }) || p.message;
/** Why a question was left out in the user's language when the file gave a reason code (essay, matching...), else the API's English detail. */
const detail = (t: TFunction, p: ImportProblem) => (p.reason && t(`interop.reasons.${p.reason}`, { kind: p.kind ?? '', defaultValue: '' })) || p.message;

/** The file's problems, errors (left out) then warnings (notes), each with its question number in the file. */
export function ImportProblems({ problems }: { problems: ImportProblem[] }) {
  const { t } = useTranslation();
  const styles = useStyles();
  if (!problems.length) {
    return (
      <MessageBar intent="success" data-testid="interop-no-problems">
        <MessageBarBody>{t('interop.import.noProblems')}</MessageBarBody>
      </MessageBar>
    );
  }
  const group = (severity: ProblemSeverity) => {
    const items = problems.filter((p) => p.severity === severity);
    return (
      <ProblemGroup
        severity={severity}
        title={t(severity === 'error' ? 'interop.import.errorsTitle' : 'interop.import.warningsTitle', { count: items.length })}
        dataTestId={`interop-${severity}s`}
        itemDataTestId="interop-problem"
        problems={items}
      >
        {(p) => (
          <>
            <Body1>
              <strong>{p.question === null ? t('interop.import.wholeFile') : t('interop.import.question', { number: p.question })}</strong>: {cause(t, p)}
            </Body1>
            <Caption1 className={styles.detail} data-testid="interop-problem-detail">
              {detail(t, p)}
            </Caption1>
          </>
        )}
      </ProblemGroup>
    );
  };
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }} data-testid="interop-problems">
      {group('error')}
      {group('warning')}
    </div>
  );
}

function QuestionLine({ q }: { q: PreviewQuestion }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const lines = useFileLineStyles();
  const facts = [
    t(`editor.type.${q.type}`),
    q.answer && t('interop.import.answer', { answer: q.answer }),
    q.pictures > 0 && t('interop.import.pictures', { count: q.pictures }),
  ].filter(Boolean);
  return (
    <li className={lines.item} data-testid="interop-question">
      {/* Maths rendered as the editor and the student will see it, pictures small (issue 29). */}
      <Text className={styles.text}>
        <TextWithMath text={q.text || '—'} />
      </Text>
      {q.thumbnails && <PictureThumbnails pictures={q.thumbnails} />}
      <Caption1 className={styles.detail}>
        <TextWithMath text={facts.join(' · ')} />
      </Caption1>
      {q.questions && (
        <ol className={styles.children}>
          {q.questions.map((c, i) => (
            <QuestionLine key={i} q={c} />
          ))}
        </ol>
      )}
    </li>
  );
}

/** What the file holds: its format and counts, `children` (where its questions go), its problems, then its first questions by section. */
export function ImportPreviewView({ preview, children }: { preview: ImportPreview; children?: ReactNode }) {
  const { t } = useTranslation();
  const lines = useFileLineStyles();
  const counts = Object.entries(preview.countsByType).map(([type, n]) => `${t(`editor.type.${type}`)}: ${n}`);
  let left = PREVIEW_QUESTIONS;
  const total = preview.sections.reduce((n, s) => n + s.questions.length, 0);
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }} data-testid="interop-preview">
      {preview.blocked ? (
        <MessageBar intent="error" data-testid="interop-nothing">
          <MessageBarBody>{t('interop.import.nothing')}</MessageBarBody>
        </MessageBar>
      ) : (
        <div>
          <Text weight="semibold" data-testid="interop-found">
            {t('interop.import.found', { format: preview.formatName, count: preview.questionCount })}
          </Text>
          <br />
          <Caption1>{counts.join(' · ')}</Caption1>
        </div>
      )}
      {children}
      <ImportProblems problems={preview.problems} />
      {preview.sections.map((section, i) => {
        const shown = section.questions.slice(0, Math.max(left, 0));
        left -= shown.length;
        if (!shown.length) return null;
        return (
          <section key={i} style={{ display: 'flex', flexDirection: 'column', gap: 6 }}>
            <Text weight="semibold">{section.name ?? t('interop.import.unnamedSection')}</Text>
            <ol className={lines.list}>
              {shown.map((q, j) => (
                <QuestionLine key={j} q={q} />
              ))}
            </ol>
          </section>
        );
      })}
      {total > PREVIEW_QUESTIONS && <Caption1>{t('interop.import.more', { count: total - PREVIEW_QUESTIONS })}</Caption1>}
    </div>
  );
}
