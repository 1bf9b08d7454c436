import { Fragment, useEffect, useState, type ReactNode } from 'react';
import {
  Badge,
  Breadcrumb,
  BreadcrumbButton,
  BreadcrumbDivider,
  BreadcrumbItem,
  Button,
  makeStyles,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Spinner,
  Subtitle2,
  Title2,
  tokens,
} from '@fluentui/react-components';
import { Delete20Regular, DocumentAdd20Regular, FolderAdd20Regular } from '@fluentui/react-icons';

import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { LibraryKind } from '@shared/api/libraryTypes';
import { libraryDialogOpened, loadLibrary, loadMore, reloadLibrary, ROOT_FOLDER_ID } from './librarySlice';
import { useApi } from '../../app/apiContext';
import { EmptyState } from '../../app/EmptyState';
import { SearchField } from '../../app/SearchField';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { editorPath, libraryPath, trashPath } from '../../app/routes';
import { FolderList } from './FolderList';
import { LibraryDialogs } from './dialogs/LibraryDialogs';
import { SelectionBar } from './SelectionBar';
import { TagFilter } from './TagFilter';
import { TestList } from './TestList';
import { useLibraryAccess } from './useLibrary';

const SEARCH_DEBOUNCE_MS = 300;

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  titleRow: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  title: { marginRight: 'auto', display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  toolbar: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', alignItems: 'center' },
  search: { minWidth: '260px', flexGrow: 1, maxWidth: '420px' },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  more: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, color: tokens.colorNeutralForeground3 },
  crumb: { maxWidth: '240px', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
});

/**
 * The home folder and test listing of /home/{library}/{folderId} (spec section 2). Rendered with
 * a key per folder, so each folder starts without a search or filter.
 */
export function LibraryPage({ library, folderId }: { library: LibraryKind; folderId: string }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const state = useAppSelector((s) => s.library);
  const { canWrite, isGlobal } = useLibraryAccess();
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [tags, setTags] = useState<string[]>([]);
  const navigate = useNavigate();

  useEffect(() => {
    const timer = setTimeout(() => setSearch(searchText.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText]);

  useEffect(() => {
    const request = dispatch(loadLibrary({ library, folderId, search, tags }));
    return () => request.abort();
  }, [dispatch, library, folderId, search, tags]);

  const filtered = Boolean(search || tags.length);
  const loading = state.status === 'loading' && state.folders.length === 0 && state.tests.length === 0;
  const empty = state.status === 'loaded' && state.folderCount === 0 && state.testCount === 0;

  return (
    <div className={styles.page} data-testid={`library-${library}-${folderId}`}>
      <div className={styles.titleRow}>
        <div className={styles.title}>
          <Title2 as="h1">{t(isGlobal ? 'home.globalLibraryTitle' : 'home.myLibraryTitle')}</Title2>
          {!canWrite && (
            <Badge appearance="tint" color="informative" data-testid="read-only-badge">
              {t('library.readOnly')}
            </Badge>
          )}
        </div>
        {canWrite && <CreateButtons library={library} folderId={folderId} />}
        {canWrite && (
          <Button appearance="subtle" icon={<Delete20Regular />} onClick={() => navigate(trashPath(library))} data-testid="open-trash">
            {t('trash.title')}
          </Button>
        )}
      </div>

      <LibraryBreadcrumbs library={library} folderId={folderId} />

      <div className={styles.toolbar}>
        <SearchField className={styles.search} label={t('library.searchPlaceholder')} value={searchText} onSearch={setSearchText} />
        <TagFilter isGlobal={library === 'global'} value={tags} onChange={setTags} />
      </div>

      <SelectionBar />

      {state.status === 'failed' && (
        <MessageBar intent="error" data-testid="library-error">
          <MessageBarBody>{state.error}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => void dispatch(reloadLibrary())}>{t('library.retry')}</Button>
          </MessageBarActions>
        </MessageBar>
      )}
      {loading && <Spinner label={t('common.loading')} />}
      {empty && (
        <EmptyState
          dataTestId="library-empty"
          title={filtered ? t('library.noMatchTitle') : t('home.emptyTitle')}
          body={filtered ? t('library.noMatchBody') : canWrite ? t('library.emptyBody') : t('library.emptyReadOnly')}
        >
          {!filtered && canWrite && <CreateButtons library={library} folderId={folderId} />}
        </EmptyState>
      )}

      {state.recentTests.length > 0 && (
        <ListSection id="recent" title={t('library.recentTests')}>
          <TestList tests={state.recentTests} selectable={false} dataTestId="recent-tests" />
        </ListSection>
      )}

      {state.folders.length > 0 && (
        <ListSection id="folders" title={t('library.foldersHeading', { count: state.folderCount })}>
          <FolderList folders={state.folders} />
          <MoreButton kind="folder" shown={state.folders.length} total={state.folderCount} />
        </ListSection>
      )}

      {state.tests.length > 0 && (
        <ListSection id="tests" title={t('library.testsHeading', { count: state.testCount })}>
          <TestList tests={state.tests} selectable dataTestId="test-list" />
          <MoreButton kind="test" shown={state.tests.length} total={state.testCount} />
        </ListSection>
      )}

      <LibraryDialogs />
    </div>
  );
}

function ListSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const styles = useStyles();
  return (
    <section className={styles.section} aria-labelledby={`${id}-heading`}>
      <Subtitle2 as="h2" id={`${id}-heading`}>
        {title}
      </Subtitle2>
      {children}
    </section>
  );
}

function MoreButton({ kind, shown, total }: { kind: 'folder' | 'test'; shown: number; total: number }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const busy = useAppSelector((s) => s.library.loadingMore === kind);
  if (shown >= total) return null;
  return (
    <div className={styles.more}>
      <Button onClick={() => void dispatch(loadMore(kind))} disabled={busy} data-testid={`load-more-${kind}s`}>
        {kind === 'folder' ? t('library.loadMoreFolders') : t('library.loadMoreTests')}
      </Button>
      <span>{t('library.showing', { shown, total })}</span>
    </div>
  );
}

/** Breadcrumbs from parentFolderDetail, the library's root first. */
function LibraryBreadcrumbs({ library, folderId }: { library: LibraryKind; folderId: string }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const crumbs = useAppSelector((s) => s.library.breadcrumbs);
  const root = { _id: ROOT_FOLDER_ID, name: t(library === 'global' ? 'home.globalLibraryTitle' : 'home.myLibraryTitle') };
  // At the root the page title says where the user is.
  if (folderId === ROOT_FOLDER_ID) return null;
  const items = [root, ...crumbs];
  return (
    <Breadcrumb aria-label={t('library.breadcrumbs')} data-testid="breadcrumbs">
      {items.map((crumb, index) => (
        <Fragment key={crumb._id}>
          <BreadcrumbItem>
            <BreadcrumbButton current={index === items.length - 1} onClick={() => navigate(libraryPath(library, crumb._id))} title={crumb.name}>
              <span className={styles.crumb}>{crumb.name}</span>
            </BreadcrumbButton>
          </BreadcrumbItem>
          {index < items.length - 1 && <BreadcrumbDivider />}
        </Fragment>
      ))}
    </Breadcrumb>
  );
}

/** New Folder, and New Test (New Test, 30 min, English) opened in the editor. */
function CreateButtons({ library, folderId }: { library: LibraryKind; folderId: string }) {
  const { t } = useTranslation();
  const api = useApi();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const newTest = async () => {
    setCreating(true);
    try {
      const test = await api.createTest({ parentFolderId: folderId, isGlobal: library === 'global' });
      navigate(editorPath(library, test._id));
    } catch {
      setCreating(false); // the API client toasted the failure
    }
  };
  return (
    <div style={{ display: 'flex', gap: 8 }}>
      <Button icon={<FolderAdd20Regular />} onClick={() => dispatch(libraryDialogOpened({ kind: 'createFolder' }))} data-testid="new-folder">
        {t('library.newFolder')}
      </Button>
      <Button
        appearance="primary"
        icon={creating ? <Spinner size="tiny" /> : <DocumentAdd20Regular />}
        onClick={() => void newTest()}
        disabled={creating}
        data-testid="new-test"
      >
        {t('library.newTest')}
      </Button>
    </div>
  );
}
