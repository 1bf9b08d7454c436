import { useEffect, useState } from 'react';
import { Button, Caption1, Checkbox, Input, makeStyles, Select, Spinner, Tab, TabList, tokens } from '@fluentui/react-components';
import { Add16Regular, Checkmark16Regular, Edit16Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { Batch, Subject } from '@shared/api/libraryTypes';
import { nameProblem } from '@shared/domain/names';
import { selectionBody, selectionCounts, type ItemKind } from '../librarySlice';
import { useApi } from '@portal/app/apiContext';
import { SearchField } from '@portal/app/SearchField';
import { useDebouncedLoad } from '@portal/app/useDebouncedLoad';
import { useAppSelector } from '@portal/app/hooks';
import { useLibraryAction } from '../useLibrary';
import { ActionDialog } from './ActionDialog';
import { usePickerStyles } from './usePickerStyles';

const useStyles = makeStyles({
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  grow: { flexGrow: 1, minWidth: 0 },
  item: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
});

type Chosen = Map<string, string>;
const toggled = (chosen: Chosen, id: string, name: string): Chosen => {
  const next = new Map(chosen);
  if (next.has(id)) next.delete(id);
  else next.set(id, name);
  return next;
};

/** Links the selected tests (or one test) to chapters and to batches of the organisation. */
export function LinkDialog({ target }: { target: { kind: ItemKind; id: string; name: string } | null }) {
  const { t } = useTranslation();
  const api = useApi();
  const run = useLibraryAction();
  const library = useAppSelector((state) => state.library);
  const [tab, setTab] = useState<'chapters' | 'batches'>('chapters');
  const [chapters, setChapters] = useState<Chosen>(new Map());
  const [batches, setBatches] = useState<Chosen>(new Map());
  const body = selectionBody(library, target);
  const counts = selectionCounts(library, target);

  const submit = () => run(() => api.linkTests({ ...body, chapterIds: [...chapters.keys()], batchIds: [...batches.keys()] }));

  return (
    <ActionDialog
      title={target ? t('library.linkOneTitle', { name: target.name }) : t('library.linkTitle', { count: counts.tests })}
      submitLabel={t('library.link')}
      disabled={chapters.size + batches.size === 0}
      onSubmit={submit}
      dataTestId="link-dialog"
    >
      <TabList selectedValue={tab} onTabSelect={(_, data) => setTab(data.value as 'chapters' | 'batches')}>
        <Tab value="chapters">{t('library.chaptersTab', { count: chapters.size })}</Tab>
        <Tab value="batches">{t('library.batchesTab', { count: batches.size })}</Tab>
      </TabList>
      {tab === 'chapters' ? (
        <ChapterPicker chosen={chapters} onToggle={(id, name) => setChapters((c) => toggled(c, id, name))} />
      ) : (
        <BatchPicker chosen={batches} onToggle={(id, name) => setBatches((b) => toggled(b, id, name))} />
      )}
    </ActionDialog>
  );
}

function ChapterPicker({ chosen, onToggle }: { chosen: Chosen; onToggle: (id: string, name: string) => void }) {
  const styles = useStyles();
  const picker = usePickerStyles();
  const { t } = useTranslation();
  const api = useApi();
  const [subjects, setSubjects] = useState<Subject[]>([]);
  const [subjectId, setSubjectId] = useState('');
  const [search, setSearch] = useState('');
  const [chapters, updateChapters] = useDebouncedLoad(
    () => api.chapters({ search: search.trim(), subjects: subjectId ? [subjectId] : [] }),
    [api, search, subjectId],
  );
  const [newName, setNewName] = useState('');

  useEffect(() => {
    api.subjects().then(setSubjects, () => setSubjects([]));
  }, [api]);

  const create = async () => {
    if (!subjectId || nameProblem(newName)) return;
    try {
      const chapter = await api.createChapter({ subjectId, name: newName.trim() });
      updateChapters((list) => [chapter, ...list]);
      onToggle(chapter._id, chapter.name);
      setNewName('');
    } catch {
      /* the API client toasted the reason (a taken name, ...) */
    }
  };

  const subjectName = (id: string) => subjects.find((s) => s._id === id)?.name ?? '';
  return (
    <>
      <div className={styles.row}>
        <Select aria-label={t('library.subject')} value={subjectId} onChange={(_, data) => setSubjectId(data.value)}>
          <option value="">{t('library.allSubjects')}</option>
          {subjects.map((subject) => (
            <option key={subject._id} value={subject._id}>
              {subject.name}
            </option>
          ))}
        </Select>
        <SearchField className={styles.grow} label={t('library.searchChapters')} value={search} onSearch={setSearch} />
      </div>
      <ul className={picker.list} data-testid="chapter-list">
        {chapters === null && <Spinner size="small" />}
        {chapters?.length === 0 && <li className={picker.hint}>{t('library.noChapters')}</li>}
        {chapters?.map((chapter) => (
          <li key={chapter._id} className={styles.item}>
            <Checkbox checked={chosen.has(chapter._id)} onChange={() => onToggle(chapter._id, chapter.name)} label={chapter.name} />
            <Caption1>{subjectName(chapter.subjectId)}</Caption1>
          </li>
        ))}
      </ul>
      <div className={styles.row}>
        <Input
          className={styles.grow}
          placeholder={subjectId ? t('library.newChapter') : t('library.pickSubjectFirst')}
          aria-label={t('library.newChapter')}
          disabled={!subjectId}
          value={newName}
          onChange={(_, data) => setNewName(data.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void create();
            }
          }}
        />
        <Button icon={<Add16Regular />} disabled={!subjectId || Boolean(nameProblem(newName))} onClick={() => void create()}>
          {t('library.add')}
        </Button>
      </div>
    </>
  );
}

function BatchPicker({ chosen, onToggle }: { chosen: Chosen; onToggle: (id: string, name: string) => void }) {
  const styles = useStyles();
  const picker = usePickerStyles();
  const { t } = useTranslation();
  const api = useApi();
  const [batches, setBatches] = useState<Batch[] | null>(null);
  const [newName, setNewName] = useState('');
  const [editing, setEditing] = useState<{ id: string; name: string } | null>(null);

  useEffect(() => {
    api.batches().then(setBatches, () => setBatches([]));
  }, [api]);

  const create = async () => {
    if (nameProblem(newName)) return;
    try {
      const batch = await api.createBatch(newName.trim());
      setBatches((list) => [...(list ?? []), batch].sort((a, b) => a.name.localeCompare(b.name)));
      onToggle(batch._id, batch.name);
      setNewName('');
    } catch {
      /* toasted by the API client */
    }
  };

  const rename = async () => {
    if (!editing || nameProblem(editing.name)) return;
    try {
      const batch = await api.renameBatch(editing.id, editing.name.trim());
      setBatches((list) => (list ?? []).map((b) => (b._id === batch._id ? batch : b)));
      setEditing(null);
    } catch {
      /* toasted by the API client */
    }
  };

  const onEnter = (action: () => Promise<void>) => (event: React.KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void action();
    }
  };

  return (
    <>
      <ul className={picker.list} data-testid="batch-list">
        {batches === null && <Spinner size="small" />}
        {batches?.length === 0 && <li className={picker.hint}>{t('library.noBatches')}</li>}
        {batches?.map((batch) =>
          editing?.id === batch._id ? (
            <li key={batch._id} className={styles.item}>
              <Input
                className={styles.grow}
                aria-label={t('library.renameBatch')}
                value={editing.name}
                onChange={(_, data) => setEditing({ id: batch._id, name: data.value })}
                onKeyDown={onEnter(rename)}
                autoFocus
              />
              <Button size="small" icon={<Checkmark16Regular />} aria-label={t('common.save')} onClick={() => void rename()} />
            </li>
          ) : (
            <li key={batch._id} className={styles.item}>
              <Checkbox checked={chosen.has(batch._id)} onChange={() => onToggle(batch._id, batch.name)} label={batch.name} />
              <Button
                size="small"
                appearance="subtle"
                icon={<Edit16Regular />}
                aria-label={t('library.renameBatchNamed', { name: batch.name })}
                onClick={() => setEditing({ id: batch._id, name: batch.name })}
              />
            </li>
          ),
        )}
      </ul>
      <div className={styles.row}>
        <Input
          className={styles.grow}
          placeholder={t('library.newBatch')}
          aria-label={t('library.newBatch')}
          value={newName}
          onChange={(_, data) => setNewName(data.value)}
          onKeyDown={onEnter(create)}
        />
        <Button icon={<Add16Regular />} disabled={Boolean(nameProblem(newName))} onClick={() => void create()}>
          {t('library.add')}
        </Button>
      </div>
    </>
  );
}
