import { useEffect, useState } from 'react';
import { Button, Input, Spinner, Tab, TabList, Text } from '@fluentui/react-components';
import { DialogFrame } from '@portal/app/DialogFrame';
import { ArrowLeftRegular, SearchRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { Breadcrumb, TestSummary } from '@shared/api/libraryTypes';
import type { EditorSection, EditorTest } from '@shared/api/testTypes';
import { importQuestions } from '../editorState';
import { toastQueued } from '@portal/app/uiSlice';
import { useApi } from '@portal/app/apiContext';
import { useAppDispatch, useAppSelector } from '@portal/app/hooks';
import { FolderBrowser } from '../../library/dialogs/FolderBrowser';
import { SourceQuestions } from './SourceQuestions';

type Library = 'local' | 'global';

/**
 * The import-questions modal (spec sections 2 and 4): tabs From My Lib and From Global Lib, browse
 * or search tests, preview a test's questions, pick some (select all picks those not imported
 * yet), import into the selected section. The count of what was added ends it.
 */
export function ImportQuestionsDialog({ test, section, onClose }: { test: EditorTest; section: EditorSection; onClose: () => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const dispatch = useAppDispatch();
  const canUseGlobal = useAppSelector((s) => Boolean(s.auth.user?.isSharedGlobal));
  const [library, setLibrary] = useState<Library>('local');
  const [place, setPlace] = useState<Breadcrumb[]>([]);
  const [search, setSearch] = useState('');
  const [debouncedSearch, setDebouncedSearch] = useState('');
  const [source, setSource] = useState<TestSummary | null>(null);
  const [sourceTest, setSourceTest] = useState<EditorTest | null>(null);
  const [picked, setPicked] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ added: string; skipped: string | null } | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => setDebouncedSearch(search), 300);
    return () => clearTimeout(timer);
  }, [search]);

  useEffect(() => {
    if (!source) return;
    let current = true;
    setSourceTest(null);
    setPicked([]);
    api.getTest(source._id).then(
      (loaded) => current && setSourceTest(loaded),
      () => current && setSource(null),
    );
    return () => {
      current = false;
    };
  }, [api, source]);

  const switchLibrary = (next: Library) => {
    setLibrary(next);
    setPlace([]);
    setSource(null);
  };

  const submit = async () => {
    if (!source || picked.length === 0 || busy) return;
    setBusy(true);
    try {
      const answer = await dispatch(importQuestions({ sectionId: section._id, questions: picked.map((_id) => ({ _id, testId: source._id })) })).unwrap();
      const added = t('importQuestions.added', { count: answer.importedCount });
      dispatch(toastQueued({ intent: 'success', body: added }));
      setResult({ added, skipped: answer.skippedMessage });
    } catch {
      /* the API client toasted the server's message; the selection stays */
    } finally {
      setBusy(false);
    }
  };

  return (
    <DialogFrame
      title={t('importQuestions.title', { section: section.name })}
      dataTestId="import-dialog"
      onDismiss={onClose}
      surface={{ 'aria-describedby': undefined }}
      width={900}
      tall
      actions={
        <>
          {result ? (
            <>
              <Button onClick={() => (setResult(null), setPicked([]), setSource(null))}>{t('importQuestions.importMore')}</Button>
              <Button appearance="primary" onClick={onClose}>
                {t('common.close')}
              </Button>
            </>
          ) : (
            <>
              <Button onClick={onClose}>{t('common.cancel')}</Button>
              <Button
                appearance="primary"
                disabled={picked.length === 0 || busy}
                icon={busy ? <Spinner size="tiny" /> : undefined}
                onClick={() => void submit()}
                data-testid="import-submit"
              >
                {t('importQuestions.import', { count: picked.length })}
              </Button>
            </>
          )}
        </>
      }
    >
      {result ? (
        <div data-testid="import-count" style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
          <Text size={500} weight="semibold">
            {result.added}
          </Text>
          {result.skipped && (
            <Text role="alert" data-testid="import-skipped">
              {result.skipped}
            </Text>
          )}
        </div>
      ) : (
        <>
          <TabList selectedValue={library} onTabSelect={(_, d) => switchLibrary(d.value as Library)}>
            <Tab value="local">{t('importQuestions.fromMyLib')}</Tab>
            {canUseGlobal && <Tab value="global">{t('importQuestions.fromGlobalLib')}</Tab>}
          </TabList>
          {source ? (
            <>
              <div style={{ display: 'flex', alignItems: 'center', gap: 8, minWidth: 0 }}>
                <Button appearance="subtle" icon={<ArrowLeftRegular />} onClick={() => setSource(null)}>
                  {t('importQuestions.backToTests')}
                </Button>
                <Text weight="semibold" truncate wrap={false} title={source.name}>
                  {source.name}
                </Text>
              </div>
              {sourceTest ? <SourceQuestions source={sourceTest} target={test} picked={picked} onPick={setPicked} /> : <Spinner size="small" />}
            </>
          ) : (
            <>
              <Input
                contentBefore={<SearchRegular />}
                placeholder={t('importQuestions.search')}
                aria-label={t('importQuestions.search')}
                value={search}
                onChange={(_, d) => setSearch(d.value)}
                data-testid="import-search"
              />
              <FolderBrowser
                isGlobal={library === 'global'}
                place={place}
                onPlaceChange={setPlace}
                onPickTest={(picked) => picked._id !== test._id && setSource(picked)}
                search={debouncedSearch}
                emptyHint={t('importQuestions.noTests')}
                dataTestId="import-browser"
              />
            </>
          )}
        </>
      )}
    </DialogFrame>
  );
}
