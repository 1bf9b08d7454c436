import { ItemLocation } from '@shared/ui/ItemLocation';
import { useEffect, useState, type ReactElement } from 'react';
import { Body1, Button, Caption1, Field, Input, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { Add16Regular, ChevronRight12Regular, DocumentBulletList16Regular, Folder16Regular, Home16Regular, Search16Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@shared/api/client';
import type { Breadcrumb, LibraryFolder, TestSummary } from '@shared/api/libraryTypes';
import type { SectionSummary } from '@shared/api/testTypes';
import { api } from './api';
import { ErrorBar } from './ErrorBar';
import { useAction } from './useAction';
import type { UploadTarget } from './target';

/** My Library's root folder (docs/decisions.md, Library). */
const ROOT = '0';
const PAGE = 50;

const useStyles = makeStyles({
  column: { display: 'flex', flexDirection: 'column', gap: '8px' },
  path: { display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: '2px' },
  list: { display: 'flex', flexDirection: 'column', gap: '2px', margin: 0, padding: 0, listStyleType: 'none', maxHeight: '260px', overflowY: 'auto' },
  row: { width: '100%', justifyContent: 'flex-start', textAlign: 'left', minWidth: 0, fontWeight: tokens.fontWeightRegular },
  label: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 },
  crumb: { maxWidth: '110px', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  hint: { color: tokens.colorNeutralForeground3 },
  inline: { display: 'flex', gap: '6px', alignItems: 'flex-end' },
});

/**
 * Chooses where the questions go: one of the teacher's tests in My Library (browsed by folder or
 * searched by name in the folder shown and below it, each hit saying where it lives) and one of its sections, or a new test with its first
 * section. `onPicked` gets the whole target.
 */
export function TestPicker({ onPicked, onCancel }: { onPicked: (target: UploadTarget) => void; onCancel?: () => void }) {
  const { t } = useTranslation();
  const [test, setTest] = useState<{ _id: string; name: string } | null>(null);
  const [creating, setCreating] = useState(false);
  if (creating) return <NewTestForm onCreated={onPicked} onBack={() => setCreating(false)} />;
  if (test) return <SectionPicker test={test} onPicked={onPicked} onBack={() => setTest(null)} />;
  return (
    <div data-testid="addin-test-picker" style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <LibraryBrowser onPickTest={setTest} />
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        <Button icon={<Add16Regular />} onClick={() => setCreating(true)}>
          {t('addin.newTest')}
        </Button>
        {onCancel && <Button onClick={onCancel}>{t('common.cancel')}</Button>}
      </div>
    </div>
  );
}

function LibraryBrowser({ onPickTest }: { onPickTest: (test: TestSummary) => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [place, setPlace] = useState<Breadcrumb[]>([]);
  const [search, setSearch] = useState('');
  const [listing, setListing] = useState<{ folders: LibraryFolder[]; tests: TestSummary[]; testCount: number } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const here = place.at(-1)?._id ?? ROOT;

  useEffect(() => {
    let current = true;
    setListing(null);
    setFailure(null);
    const timer = setTimeout(() => {
      api
        .folderChildren(here, { folderLimit: PAGE, testLimit: PAGE, isGlobal: false, searchString: search.trim() || undefined })
        .then(
          (children) => current && setListing({ folders: children.folders.folderArray, tests: children.tests.testsArray, testCount: children.tests.testCount }),
        )
        .catch((error) => current && setFailure(errorMessage(error)));
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [here, search]);

  // One row each: the place's folders, to open, then its tests, to pick.
  const rows: { key: string; icon: ReactElement; name: string; location: TestSummary['location']; open: () => void; dataTestId?: string }[] = [
    ...(listing?.folders ?? []).map((folder) => ({
      key: `folder:${folder._id}`,
      icon: <Folder16Regular />,
      name: folder.name,
      location: folder.location,
      // A search hit may lie deeper: the path leads through where it lives.
      open: () =>
        setPlace([
          ...(folder.location ? folder.location.map((f, level) => ({ ...f, level })) : place),
          { _id: folder._id, name: folder.name, level: folder.level },
        ]),
    })),
    ...(listing?.tests ?? []).map((test) => ({
      key: `test:${test._id}`,
      icon: <DocumentBulletList16Regular />,
      name: test.name,
      location: test.location,
      open: () => onPickTest(test),
      dataTestId: 'addin-test-row',
    })),
  ];

  return (
    <div className={styles.column}>
      <Body1>{t('addin.chooseTest')}</Body1>
      <Field label={t('addin.searchTests')}>
        <Input contentBefore={<Search16Regular />} value={search} onChange={(_, d) => setSearch(d.value)} data-testid="addin-test-search" />
      </Field>
      <nav className={styles.path} aria-label={t('library.breadcrumbs')}>
        <Button size="small" appearance="subtle" icon={<Home16Regular />} onClick={() => setPlace([])}>
          {t('home.myLibraryTitle')}
        </Button>
        {place.map((crumb, index) => (
          <span key={crumb._id} className={styles.path}>
            <ChevronRight12Regular />
            <Button size="small" appearance="subtle" title={crumb.name} onClick={() => setPlace(place.slice(0, index + 1))}>
              <span className={styles.crumb}>{crumb.name}</span>
            </Button>
          </span>
        ))}
      </nav>
      <ErrorBar message={failure} />
      {!listing && !failure && <Spinner size="tiny" />}
      {listing && rows.length === 0 && <Caption1 className={styles.hint}>{t('addin.noTests')}</Caption1>}
      {rows.length > 0 && (
        <ul className={styles.list} aria-label={t('home.myLibraryTitle')}>
          {rows.map((row) => (
            <li key={row.key}>
              <Button className={styles.row} appearance="subtle" icon={row.icon} title={row.name} onClick={row.open} data-testid={row.dataTestId}>
                <span className={styles.label}>
                  {row.name}
                  <ItemLocation location={row.location} />
                </span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      {listing && listing.testCount > listing.tests.length && (
        <Caption1 className={styles.hint}>{t('addin.moreTests', { shown: listing.tests.length, count: listing.testCount })}</Caption1>
      )}
    </div>
  );
}

function SectionPicker({ test, onPicked, onBack }: { test: { _id: string; name: string }; onPicked: (target: UploadTarget) => void; onBack: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [sections, setSections] = useState<SectionSummary[] | null>(null);
  const [loadFailure, setLoadFailure] = useState<string | null>(null);
  const [name, setName] = useState('');
  const { busy, failure, submit } = useAction();
  const pick = (section: { _id: string; name: string }) =>
    onPicked({ testId: test._id, testName: test.name, sectionId: section._id, sectionName: section.name });

  useEffect(() => {
    let current = true;
    api.getTest(test._id).then(
      (full) => current && setSections(full.sections),
      (error) => current && setLoadFailure(errorMessage(error)),
    );
    return () => {
      current = false;
    };
  }, [test._id]);

  const addSection = submit(async () => {
    const { section } = await api.createSection({ testId: test._id, name: name.trim() || undefined });
    pick(section);
  });

  return (
    <div className={styles.column} data-testid="addin-section-picker">
      <Body1 className={styles.label} title={test.name}>
        <strong>{test.name}</strong>
      </Body1>
      <ErrorBar message={loadFailure ?? failure} />
      {!sections && !loadFailure && <Spinner size="tiny" />}
      {sections && (
        <>
          <Caption1 className={styles.hint}>{t(sections.length ? 'addin.chooseSection' : 'addin.noSections')}</Caption1>
          <ul className={styles.list} aria-label={t('addin.section')}>
            {sections.map((section) => (
              <li key={section._id}>
                <Button className={styles.row} appearance="subtle" title={section.name} onClick={() => pick(section)} data-testid="addin-section-row">
                  <span className={styles.label}>{section.name}</span>
                </Button>
              </li>
            ))}
          </ul>
          <form className={styles.inline} onSubmit={addSection}>
            <Field label={t('addin.newSection')} style={{ flex: 1, minWidth: 0 }}>
              <Input value={name} onChange={(_, d) => setName(d.value)} />
            </Field>
            <Button type="submit" disabled={busy}>
              {t('addin.add')}
            </Button>
          </form>
        </>
      )}
      <div>
        <Button onClick={onBack}>{t('addin.back')}</Button>
      </div>
    </div>
  );
}

function NewTestForm({ onCreated, onBack }: { onCreated: (target: UploadTarget) => void; onBack: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [testName, setTestName] = useState('');
  const [sectionName, setSectionName] = useState('');
  const { busy, failure, submit } = useAction();
  const create = submit(async () => {
    const test = await api.createTest({ name: testName.trim(), parentFolderId: ROOT, isGlobal: false });
    const { section } = await api.createSection({ testId: test._id, name: sectionName.trim() || undefined });
    onCreated({ testId: test._id, testName: test.name, sectionId: section._id, sectionName: section.name });
  });

  return (
    <form className={styles.column} onSubmit={create} data-testid="addin-new-test">
      <ErrorBar message={failure} />
      <Field label={t('addin.testName')} required>
        <Input value={testName} onChange={(_, d) => setTestName(d.value)} maxLength={200} />
      </Field>
      <Field label={t('addin.firstSection')} hint={t('addin.firstSectionHint')}>
        <Input value={sectionName} onChange={(_, d) => setSectionName(d.value)} />
      </Field>
      <div style={{ display: 'flex', gap: 8 }}>
        <Button appearance="primary" type="submit" disabled={busy || !testName.trim()}>
          {t('addin.create')}
        </Button>
        <Button onClick={onBack}>{t('addin.back')}</Button>
      </div>
    </form>
  );
}
