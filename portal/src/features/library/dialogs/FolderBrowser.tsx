import { useEffect, useState } from 'react';
import { Button, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { ChevronRight16Regular, DocumentBulletList20Regular, Folder20Regular, Home20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { Breadcrumb, LibraryFolder, TestSummary } from '@shared/api/libraryTypes';
import { ROOT_FOLDER_ID } from '../librarySlice';
import { useApi } from '@portal/app/apiContext';
import { usePickerStyles } from './usePickerStyles';

/** The picker lists up to the server's largest folder page at each level, and a page of tests. */
const PICKER_FOLDER_LIMIT = 500;
const PICKER_TEST_LIMIT = 100;

const useStyles = makeStyles({
  path: { display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: tokens.spacingHorizontalXXS },
  row: { width: '100%', justifyContent: 'flex-start', overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' },
  crumb: { maxWidth: '160px', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
});

/**
 * Browses a library's folders: breadcrumbs from the library's root, and the folders of the place
 * reached. `place` is the path (empty at the root); `blocked` folders cannot be entered. With
 * `onPickTest` it lists the place's tests too (matching `search`), to pick one.
 */
export function FolderBrowser({
  isGlobal,
  place,
  onPlaceChange,
  blocked,
  emptyHint,
  onPickTest,
  search,
  dataTestId,
}: {
  isGlobal: boolean;
  place: Breadcrumb[];
  onPlaceChange: (place: Breadcrumb[]) => void;
  blocked?: (folder: LibraryFolder) => string | null;
  /** What an empty level says (by default, the move dialog's hint). */
  emptyHint?: string;
  onPickTest?: (test: TestSummary) => void;
  search?: string;
  dataTestId: string;
}) {
  const styles = useStyles();
  const picker = usePickerStyles();
  const { t } = useTranslation();
  const api = useApi();
  const [folders, setFolders] = useState<LibraryFolder[] | null>(null);
  const [tests, setTests] = useState<TestSummary[]>([]);
  const here = place.at(-1)?._id ?? ROOT_FOLDER_ID;
  const withTests = Boolean(onPickTest);

  useEffect(() => {
    let current = true;
    setFolders(null);
    const query = { folderLimit: PICKER_FOLDER_LIMIT, testLimit: withTests ? PICKER_TEST_LIMIT : 0, isGlobal, searchString: search?.trim() || undefined };
    api
      .folderChildren(here, query)
      .then((children) => {
        if (!current) return;
        setFolders(children.folders.folderArray);
        setTests(children.tests.testsArray);
      })
      .catch(() => current && (setFolders([]), setTests([])));
    return () => {
      current = false;
    };
  }, [api, here, isGlobal, withTests, search]);

  return (
    <>
      <nav className={styles.path} aria-label={t('library.breadcrumbs')}>
        <Button size="small" appearance="subtle" icon={<Home20Regular />} onClick={() => onPlaceChange([])}>
          {t(isGlobal ? 'home.globalLibraryTitle' : 'home.myLibraryTitle')}
        </Button>
        {place.map((crumb, index) => (
          <span key={crumb._id} className={styles.path}>
            <ChevronRight16Regular />
            <Button size="small" appearance="subtle" onClick={() => onPlaceChange(place.slice(0, index + 1))} title={crumb.name}>
              <span className={styles.crumb}>{crumb.name}</span>
            </Button>
          </span>
        ))}
      </nav>
      <ul className={picker.list} data-testid={dataTestId}>
        {folders === null && <Spinner size="small" style={{ padding: 16 }} />}
        {folders?.length === 0 && (!withTests || tests.length === 0) && <li className={picker.hint}>{emptyHint ?? t('library.noSubfolders')}</li>}
        {folders?.map((folder) => {
          const reason = blocked?.(folder) ?? null;
          return (
            <li key={folder._id}>
              <Button
                className={styles.row}
                appearance="subtle"
                icon={<Folder20Regular />}
                disabled={reason !== null}
                title={reason ?? folder.name}
                onClick={() => onPlaceChange([...place, { _id: folder._id, name: folder.name, level: folder.level }])}
              >
                {folder.name}
              </Button>
            </li>
          );
        })}
        {folders !== null &&
          onPickTest &&
          tests.map((test) => (
            <li key={test._id}>
              <Button
                className={styles.row}
                appearance="subtle"
                icon={<DocumentBulletList20Regular />}
                title={test.name}
                onClick={() => onPickTest(test)}
                data-testid="picker-test"
              >
                {test.name}
              </Button>
            </li>
          ))}
      </ul>
    </>
  );
}
