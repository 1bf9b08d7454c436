import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Caption1, Link, MessageBar, MessageBarBody, Spinner, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, ArrowLeftRegular, LinkRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { SharedTest } from '@shared/api/freeTests';
import { useApi } from '../../app/apiContext';
import { EmptyState } from '../../app/EmptyState';
import { editorPath } from '../../app/routes';
import { FreeTestDialog } from '../freeTest/FreeTestDialog';
import { FreeTestResults } from './FreeTestResults';
import { useResultsExport } from './useResultsExport';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  title: { flex: '1 1 240px', minWidth: 0, margin: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

/**
 * The Results screen of a test (`/home/local/results/{testId}`), reached from the editor, the
 * free-test dialog and the library's test menu: the results of its free test (one per test),
 * or what to do when it has none yet.
 */
export function ResultsPage({ library, testId }: { library: 'local' | 'global'; testId: string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const api = useApi();
  const navigate = useNavigate();
  const [shared, setShared] = useState<SharedTest | null>(null);
  const [failed, setFailed] = useState(false);
  const [publishing, setPublishing] = useState(false);

  const load = useCallback(() => {
    setFailed(false);
    api.sharedTestOf(testId).then(setShared, () => setFailed(true));
  }, [api, testId]);
  useEffect(load, [load]);

  const testName = shared?.testName ?? '';
  const backTo = editorPath(library, testId);
  return (
    <section className={styles.page} data-testid="results-page">
      <Link
        href={backTo}
        onClick={(event) => {
          event.preventDefault();
          navigate(backTo);
        }}
        data-testid="results-back"
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4, alignSelf: 'flex-start' }}
      >
        <ArrowLeftRegular /> {t('results.backToTest')}
      </Link>
      <div className={styles.head}>
        <Title2 as="h1" className={styles.title} title={testName} data-testid="results-title">
          {shared ? t('results.title', { name: testName }) : t('results.titlePlain')}
        </Title2>
        {shared?._id && <ExportButtons sharedTestId={shared._id} testName={testName} />}
      </div>
      {shared?.isRemoved && (
        <MessageBar intent="warning" data-testid="results-link-disabled">
          <MessageBarBody>{t('results.linkDisabled')}</MessageBarBody>
        </MessageBar>
      )}
      {failed && (
        <EmptyState dataTestId="results-load-failed" title={t('results.loadFailedTitle')} body={t('results.loadFailedBody')}>
          <Button onClick={load}>{t('results.retry')}</Button>
        </EmptyState>
      )}
      {!shared && !failed && <Spinner label={t('common.loading')} />}
      {shared && !shared._id && (
        <EmptyState dataTestId="results-no-free-test" title={t('results.noFreeTestTitle')} body={t('results.noFreeTestBody')}>
          <Button appearance="primary" icon={<LinkRegular />} onClick={() => setPublishing(true)} data-testid="results-publish">
            {t('freeTest.menu')}
          </Button>
        </EmptyState>
      )}
      {shared?._id && <FreeTestResults key={shared._id} sharedTestId={shared._id} link={shared.testURL} />}
      {shared?._id && <Caption1>{t('results.liveNote')}</Caption1>}
      {publishing && (
        <FreeTestDialog
          showResults={false}
          testId={testId}
          testName={testName}
          onClose={() => {
            setPublishing(false);
            load();
          }}
        />
      )}
    </section>
  );
}

function ExportButtons({ sharedTestId, testName }: { sharedTestId: string; testName: string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { exporting, download } = useResultsExport(sharedTestId, testName);
  return (
    <div className={styles.actions}>
      {(['csv', 'xlsx'] as const).map((format) => (
        <Button
          key={format}
          icon={exporting === format ? <Spinner size="tiny" /> : <ArrowDownloadRegular />}
          disabled={exporting !== null}
          onClick={() => void download(format)}
          data-testid={`results-export-${format}`}
        >
          {t(format === 'csv' ? 'results.exportCsv' : 'results.exportXlsx')}
        </Button>
      ))}
    </div>
  );
}
