import { useEffect, useState } from 'react';
import { Button, MessageBar, MessageBarActions, MessageBarBody, Tab, TabList, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { Analysis, AttemptRow } from '@shared/contract/results';
import { useApi } from '../../app/apiContext';
import { EmptyState } from '../../app/EmptyState';
import { AnswerSheetDrawer } from './AnswerSheetDrawer';
import { AttemptsTable } from './AttemptsTable';
import { QuestionTable } from './QuestionTable';
import { ScoreHistogram } from './ScoreHistogram';
import { SummaryFigures } from './SummaryFigures';
import { useLiveResults } from './useLiveResults';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  overview: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
    '@media (max-width: 900px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
});

type ResultsTab = 'attempts' | 'questions';

/**
 * The results of one free test, live: the figures and histogram, the attempts (server-paged) and
 * the question analysis. The summary poll decides when the table and the analysis are fetched again.
 */
export function FreeTestResults({ sharedTestId, link }: { sharedTestId: string; link: string | null }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const api = useApi();
  const { summary, tableVersion, analysisVersion } = useLiveResults(sharedTestId);
  const [analysis, setAnalysis] = useState<Analysis | null>(null);
  const [analysisFailed, setAnalysisFailed] = useState(false);
  const [retry, setRetry] = useState(0);
  const [tab, setTab] = useState<ResultsTab>('attempts');
  const [sheetOf, setSheetOf] = useState<AttemptRow | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    api.freeTestAnalysis(sharedTestId, controller.signal).then(
      (loaded) => {
        setAnalysis(loaded);
        setAnalysisFailed(false);
      },
      () => !controller.signal.aborted && setAnalysisFailed(true),
    );
    return () => controller.abort();
  }, [api, sharedTestId, analysisVersion, retry]);

  if (summary && summary.submitted + summary.inProgress === 0) {
    return (
      <EmptyState
        dataTestId="results-no-attempts"
        title={t('results.noAttemptsTitle')}
        body={link ? t('results.noAttemptsBody', { link }) : t('results.noAttemptsBodyNoLink')}
      />
    );
  }

  return (
    <div className={styles.page}>
      {analysisFailed && (
        <MessageBar intent="error" data-testid="analysis-error">
          <MessageBarBody>{t('results.analysisLoadFailed')}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => setRetry((n) => n + 1)}>{t('results.retry')}</Button>
          </MessageBarActions>
        </MessageBar>
      )}
      <div className={styles.overview}>
        <SummaryFigures analysis={analysis} summary={summary} />
        {analysis && <ScoreHistogram distribution={analysis.distribution} />}
      </div>
      <TabList selectedValue={tab} onTabSelect={(_, data) => setTab(data.value as ResultsTab)} aria-label={t('results.tabsLabel')}>
        <Tab value="attempts" data-testid="results-tab-attempts">
          {t('results.attemptsTitle')}
        </Tab>
        <Tab value="questions" data-testid="results-tab-questions">
          {t('results.questionsTitle')}
        </Tab>
      </TabList>
      {tab === 'attempts' ? (
        <AttemptsTable sharedTestId={sharedTestId} refresh={tableVersion} onOpen={setSheetOf} />
      ) : (
        analysis && <QuestionTable questions={analysis.questions} />
      )}
      {sheetOf && <AnswerSheetDrawer sharedTestId={sharedTestId} attempt={sheetOf} onClose={() => setSheetOf(null)} />}
    </div>
  );
}
