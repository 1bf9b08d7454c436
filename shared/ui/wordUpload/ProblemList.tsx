import { Body1, Button, Caption1, makeStyles, MessageBar, MessageBarBody, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { isBlocking, type Problem } from '../../parser/types';
import { ProblemGroup, type ProblemSeverity } from '../ProblemGroup';
import { problemPlace, problemText } from './problemText';

const useStyles = makeStyles({
  place: { color: tokens.colorNeutralForeground3, display: 'flex', gap: '8px', alignItems: 'center', flexWrap: 'wrap' },
  excerpt: { fontStyle: 'italic', overflowWrap: 'anywhere' },
});

/**
 * What the parser found wrong, errors first, each with its place in the document (paragraph, table
 * cell) and the start of its text. In Word, `onShow` selects the paragraph.
 */
export function ProblemList({ problems, onShow }: { problems: Problem[]; onShow?: (problem: Problem) => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  // A broken file stops the upload; any other error leaves out only what it stands in.
  const blocking = problems.filter(isBlocking);
  const errors = problems.filter((p) => p.severity === 'error' && !isBlocking(p));
  const warnings = problems.filter((p) => p.severity === 'warning');
  if (problems.length === 0) {
    return (
      // Never shrunk to its 36 px in a scrolling column (the add-in's pane): its text wraps on a phone.
      <MessageBar intent="success" data-testid="word-no-problems" style={{ flexShrink: 0 }}>
        <MessageBarBody>{t('wordUpload.noProblems')}</MessageBarBody>
      </MessageBar>
    );
  }
  const group = (items: Problem[], severity: ProblemSeverity, title: string, dataTestId = `word-${severity}s`) => (
    <ProblemGroup severity={severity} title={title} dataTestId={dataTestId} itemDataTestId="word-problem" problems={items}>
      {(problem) => (
        <>
          <Body1>{problemText(t, problem)}</Body1>
          <Caption1 className={styles.place}>
            <span>{problemPlace(t, problem)}</span>
            {problem.excerpt && <span className={styles.excerpt}>“{problem.excerpt}”</span>}
            {onShow && problem.paragraph !== null && (
              <Button size="small" appearance="transparent" onClick={() => onShow(problem)}>
                {t('wordUpload.showInDocument')}
              </Button>
            )}
          </Caption1>
        </>
      )}
    </ProblemGroup>
  );
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }} data-testid="word-problems">
      {group(blocking, 'error', t('wordUpload.blockedTitle'), 'word-blocking')}
      {group(errors, 'error', t('wordUpload.errorsTitle', { count: errors.length }))}
      {group(warnings, 'warning', t('wordUpload.warningsTitle', { count: warnings.length }))}
    </div>
  );
}
