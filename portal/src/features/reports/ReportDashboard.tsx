import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, Dropdown, Field, Option, Spinner, Tab, TabList, Text, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { QuestionCircleRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@shared/api/client';
import { REPORT_LIST_DEFAULTS, REPORT_STATUSES, type PublishOption, type ReportList, type ReportStatus, type ReportedQuestion } from '@shared/api/reportTypes';
import type { Question } from '@shared/domain/test';
import { toastQueued } from '../../app/uiSlice';
import { useApi } from '../../app/apiContext';
import { EmptyState } from '../../app/EmptyState';
import { useAppDispatch } from '../../app/hooks';
import { QuestionDialog } from '../editor/QuestionDialog';
import { REPORTS_CHANGED_EVENT } from '../header/useReportedCount';
import { canPublishAll, DEFAULT_OPTION, PUBLISH_INFO_SHOWN_KEY, publishCalls, publishItemOf, type Edit, type Edits } from './edits';
import { LeaveDialog, PublishDialog, PublishInfoDialog, WhatsThisDialog } from './ReportDialogs';
import { ReportedQuestionCard } from './ReportedQuestionCard';
import { useLeaveGuard } from './useLeaveGuard';
import { framed } from '../../app/surfaces';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '960px', minWidth: 0 },
  titleRow: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  bar: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  filter: { minWidth: '220px', maxWidth: '100%', flexGrow: 1 },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  pager: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, justifyContent: 'flex-end', flexWrap: 'wrap' },
  publishBar: {
    position: 'sticky',
    bottom: 0,
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    flexWrap: 'wrap',
    padding: tokens.spacingVerticalS,
    backgroundColor: tokens.colorNeutralBackground3,
    ...framed,
  },
  grow: { flexGrow: 1 },
});

type Dialog =
  | { kind: 'edit'; item: ReportedQuestion }
  | { kind: 'publish'; ids: string[] }
  | { kind: 'info' }
  | { kind: 'whatsThis' }
  | { kind: 'leave'; proceed: () => void }
  | null;

const statusOf = (value: string | null): ReportStatus => ((REPORT_STATUSES as readonly string[]).includes(value ?? '') ? (value as ReportStatus) : 'REPORTED');

/**
 * The Report Dashboard (spec sections 2 and 4, Report repository): reported questions by tab
 * (reported, updates available, resolved), filtered by tests, each with its reports. A question
 * corrected here is kept (marked and counted) until it is published: one with Save and resolve,
 * from 2 edits all at once; leaving with edits asks first.
 */
export function ReportDashboard() {
  const { t } = useTranslation();
  const styles = useStyles();
  const api = useApi();
  const dispatch = useAppDispatch();
  const [params, setParams] = useSearchParams();
  const status = statusOf(params.get('statusType'));
  const [testIds, setTestIds] = useState<string[]>([]);
  const [offset, setOffset] = useState(0);
  const [list, setList] = useState<ReportList | null>(null);
  const [loading, setLoading] = useState(true);
  const [edits, setEdits] = useState<Edits>({});
  const [dialog, setDialog] = useState<Dialog>(null);
  const afterPublish = useRef<(() => void) | null>(null);
  const editCount = Object.keys(edits).length;

  const toast = useCallback((intent: 'success' | 'error', body: string, title?: string) => dispatch(toastQueued({ intent, body, title })), [dispatch]);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setList(await api.reportList({ statusType: status, testIds, limit: REPORT_LIST_DEFAULTS.limit, offset }));
    } catch {
      setList(null);
      toast('error', t('reports.loadError'));
    } finally {
      setLoading(false);
    }
  }, [api, status, testIds, offset, toast, t]);
  useEffect(() => {
    void load();
  }, [load]);

  useLeaveGuard(editCount > 0, (proceed) => setDialog({ kind: 'leave', proceed }));

  const changed = () => window.dispatchEvent(new Event(REPORTS_CHANGED_EVENT));

  const keepEdit = (item: ReportedQuestion, question: Edit['question']) => {
    const next = { ...edits, [item._id]: { item, question, option: edits[item._id]?.option ?? DEFAULT_OPTION } };
    setEdits(next);
    // Publishing all at once is first offered at 2 edits: the info modal explains it, once.
    if (canPublishAll(next) && !canPublishAll(edits) && !localStorage.getItem(PUBLISH_INFO_SHOWN_KEY)) {
      localStorage.setItem(PUBLISH_INFO_SHOWN_KEY, '1');
      setDialog({ kind: 'info' });
    } else setDialog(null);
    return true;
  };

  const resolve = async (item: ReportedQuestion) => {
    try {
      const result = await api.resolveReport(item._id);
      toast('success', result.message);
      changed();
      await load();
    } catch {
      /* the client toasted the server's message */
    }
  };

  /** The edits of a publish, each with the option the tutor chose in the dialog. */
  const chosenEdits = (ids: string[], options: Record<string, PublishOption>) =>
    ids
      .map((id) => edits[id])
      .filter(Boolean)
      .map((edit) => ({ ...edit, option: options[edit.question._id] ?? edit.option }));

  /** The corrections preview: each publishing call run dry, named by its test. */
  const previewOf = (ids: string[]) => async (options: Record<string, PublishOption>, signal: AbortSignal) => {
    const chosen = chosenEdits(ids, options);
    return Promise.all(
      publishCalls(chosen).map(async (call) => ({
        heading: chosen.find((edit) => edit.item.testId === call.test._id)?.item.testName,
        preview: await api.previewCorrections(call, signal),
      })),
    );
  };

  // Stable while the dialog is open: the preview is asked again only when the options change.
  const preview = useMemo(() => (dialog?.kind === 'publish' ? previewOf(dialog.ids) : undefined), [dialog, edits, api]); // eslint-disable-line react-hooks/exhaustive-deps

  const publish = async (ids: string[], options: Record<string, PublishOption>) => {
    const chosen = chosenEdits(ids, options);
    const done: string[] = [];
    try {
      for (const call of publishCalls(chosen)) {
        await api.saveAndResolve(call);
        done.push(...call.questions.map((q) => chosen.find((e) => e.question._id === q.question._id)!.item._id));
      }
      toast('success', t('reports.published'));
      setDialog(null);
      const next = afterPublish.current;
      afterPublish.current = null;
      setEdits((all) => Object.fromEntries(Object.entries(all).filter(([id]) => !done.includes(id))));
      next?.();
    } catch (error) {
      setEdits((all) => Object.fromEntries(Object.entries(all).filter(([id]) => !done.includes(id))));
      toast('error', errorMessage(error), t('reports.publishError'));
    } finally {
      if (done.length) {
        changed();
        await load();
      }
    }
  };

  const selectStatus = (next: ReportStatus) => {
    setOffset(0);
    setParams((current) => {
      const copy = new URLSearchParams(current);
      copy.set('statusType', next);
      return copy;
    });
  };

  const items = list?.reportedQuestions ?? [];
  const total = list?.total ?? 0;
  const testOptions = list?.tests ?? [];

  return (
    <section className={styles.page} data-testid="report-dashboard">
      <div className={styles.titleRow}>
        <Title2 as="h1">{t('home.reportDashboardTitle')}</Title2>
        <Button appearance="subtle" icon={<QuestionCircleRegular />} onClick={() => setDialog({ kind: 'whatsThis' })} data-testid="whats-this">
          {t('reports.whatsThis')}
        </Button>
      </div>
      <TabList selectedValue={status} onTabSelect={(_, data) => selectStatus(data.value as ReportStatus)} aria-label={t('reports.tabsLabel')}>
        {REPORT_STATUSES.map((value) => (
          <Tab key={value} value={value} data-testid={`tab-${value}`}>
            {t(`reports.tab.${value}`, { count: list?.counts[value] ?? 0 })}
          </Tab>
        ))}
      </TabList>
      <div className={styles.bar}>
        <Field label={t('reports.filterByTests')} className={styles.filter}>
          <Dropdown
            multiselect
            data-testid="test-filter"
            placeholder={t('reports.allTests')}
            selectedOptions={testIds}
            value={testIds.length ? t('reports.testsSelected', { count: testIds.length }) : ''}
            onOptionSelect={(_, data) => {
              setOffset(0);
              setTestIds(data.selectedOptions);
            }}
          >
            {testOptions.map((test) => (
              <Option key={test._id} value={test._id} text={test.name}>
                {test.openCount ? `${test.name} (${test.openCount})` : test.name}
              </Option>
            ))}
          </Dropdown>
        </Field>
        {testIds.length > 0 && (
          <Button appearance="subtle" onClick={() => setTestIds([])}>
            {t('reports.clearFilter')}
          </Button>
        )}
      </div>

      {loading && !list ? (
        <Spinner />
      ) : items.length === 0 ? (
        <EmptyState dataTestId="reports-empty" title={t(`reports.empty.${status}`)} body={t('home.reportDashboardEmpty')} />
      ) : (
        <>
          <ul className={styles.list} aria-busy={loading}>
            {items.map((item) => (
              <ReportedQuestionCard
                key={`${item.testId}/${item._id}`}
                item={item}
                edited={edits[item._id]?.question}
                onEdit={() => setDialog({ kind: 'edit', item })}
                onResolve={() => void resolve(item)}
                onSave={() => setDialog({ kind: 'publish', ids: [item._id] })}
                onDiscard={() => setEdits(({ [item._id]: _gone, ...rest }) => rest)}
              />
            ))}
          </ul>
          <div className={styles.pager}>
            <Text size={200} data-testid="page-range">
              {t('reports.range', { from: offset + 1, to: Math.min(offset + items.length, total), total })}
            </Text>
            <Button size="small" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - REPORT_LIST_DEFAULTS.limit))}>
              {t('reports.previous')}
            </Button>
            <Button size="small" disabled={offset + items.length >= total} onClick={() => setOffset(offset + REPORT_LIST_DEFAULTS.limit)}>
              {t('reports.next')}
            </Button>
          </div>
        </>
      )}

      {editCount > 0 && (
        <div className={styles.publishBar} data-testid="publish-bar">
          <Text className={styles.grow} data-testid="edited-count">
            {t('reports.editedCount', { count: editCount })}
          </Text>
          {canPublishAll(edits) ? (
            <Button appearance="primary" onClick={() => setDialog({ kind: 'publish', ids: Object.keys(edits) })} data-testid="publish-all">
              {t('reports.publishAll', { count: editCount })}
            </Button>
          ) : (
            <Text size={200}>{t('reports.publishHint')}</Text>
          )}
        </div>
      )}

      {dialog?.kind === 'edit' && dialog.item.question && dialog.item.sectionId && (
        <QuestionDialog
          sectionId={dialog.item.sectionId}
          question={(edits[dialog.item._id]?.question ?? dialog.item.question) as Question}
          onClose={() => setDialog((current) => (current?.kind === 'edit' ? null : current))}
          onSave={(question) => keepEdit(dialog.item, question)}
        />
      )}
      {dialog?.kind === 'publish' && (
        <PublishDialog
          items={dialog.ids
            .map((id) => edits[id])
            .filter(Boolean)
            .map(publishItemOf)}
          onClose={() => {
            afterPublish.current = null;
            setDialog(null);
          }}
          onPublish={(options) => publish(dialog.ids, options)}
          preview={preview}
        />
      )}
      {dialog?.kind === 'info' && <PublishInfoDialog onClose={() => setDialog(null)} />}
      {dialog?.kind === 'whatsThis' && <WhatsThisDialog onClose={() => setDialog(null)} />}
      {dialog?.kind === 'leave' && (
        <LeaveDialog
          count={editCount}
          onStay={() => setDialog(null)}
          onLeave={() => {
            const proceed = dialog.proceed;
            setEdits({});
            setDialog(null);
            proceed();
          }}
          onPublish={() => {
            afterPublish.current = dialog.proceed;
            setDialog({ kind: 'publish', ids: Object.keys(edits) });
          }}
        />
      )}
    </section>
  );
}
