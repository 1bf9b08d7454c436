import { useCallback, useEffect, useState } from 'react';
import { Body1, Button, Caption1, makeStyles, MessageBar, MessageBarActions, MessageBarBody, Spinner, Text, Title2, tokens } from '@fluentui/react-components';
import { ArrowLeft20Regular, ArrowUndo20Regular, Delete20Regular, Document20Regular, Folder20Regular, QuestionCircle20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { LibraryKind } from '@shared/api/libraryTypes';
import type { TrashItem, TrashKind } from '@shared/contract/trash';
import { formatDate } from '@shared/domain/dates';
import { useApi } from '../../app/apiContext';
import { AppLink } from '../../app/AppLink';
import { EmptyState } from '../../app/EmptyState';
import { FormDialog } from '../../app/FormDialog';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { libraryPath } from '../../app/routes';
import { toastQueued } from '../../app/uiSlice';
import { restoreFromTrash } from './undo';
import { framed } from '../../app/surfaces';

const PAGE = 50;

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  titleRow: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  title: { marginRight: 'auto' },
  intro: { color: tokens.colorNeutralForeground2 },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  item: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    ...framed,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  icon: { color: tokens.colorNeutralForeground3, flexShrink: 0 },
  main: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, flexGrow: 1, flexBasis: '240px', minWidth: 0 },
  name: { fontWeight: tokens.fontWeightSemibold, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  meta: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalM, rowGap: '2px', color: tokens.colorNeutralForeground2 },
  kind: { color: tokens.colorBrandForeground1 },
  soon: { color: tokens.colorPaletteRedForeground1 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', marginLeft: 'auto' },
});

const KIND_KEYS: Record<TrashKind, 'trash.kindTest' | 'trash.kindFolder' | 'trash.kindQuestion'> = {
  test: 'trash.kindTest',
  folder: 'trash.kindFolder',
  question: 'trash.kindQuestion',
};
const KIND_ICONS = { test: Document20Regular, folder: Folder20Regular, question: QuestionCircle20Regular } as const;
/** Few days left: the count is shown in red. */
const SOON_DAYS = 3;

/**
 * The Trash of a library (`/home/{library}/trash`, issue 17): deleted tests, folders and
 * questions, newest first, with where each was, when it was deleted and how many days it has
 * left; Restore puts it back, Delete forever (confirmed) removes it for good.
 */
export function TrashPage({ library }: { library: LibraryKind }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  const api = useApi();
  const dispatch = useAppDispatch();
  const dateFormat = useAppSelector((state) => state.auth.user?.region.dateTimeStamp);
  const isGlobal = library === 'global';
  const [items, setItems] = useState<TrashItem[]>([]);
  const [total, setTotal] = useState(0);
  const [status, setStatus] = useState<'loading' | 'loaded' | 'failed'>('loading');
  const [busy, setBusy] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<TrashItem | null>(null);

  const load = useCallback(
    async (signal?: AbortSignal) => {
      setStatus('loading');
      try {
        const listing = await api.trash({ isGlobal, limit: PAGE, offset: 0 }, signal);
        setItems(listing.items);
        setTotal(listing.total);
        setStatus('loaded');
      } catch {
        if (!signal?.aborted) setStatus('failed');
      }
    },
    [api, isGlobal],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const more = async () => {
    setBusy('more');
    try {
      const listing = await api.trash({ isGlobal, limit: PAGE, offset: items.length });
      setItems((current) => [...current, ...listing.items.filter((i) => !current.some((c) => c.id === i.id))]);
      setTotal(listing.total);
    } finally {
      setBusy(null);
    }
  };

  const restore = async (item: TrashItem) => {
    setBusy(item.id);
    const result = await dispatch(restoreFromTrash({ trashIds: [item.id], isGlobal }));
    setBusy(null);
    if (restoreFromTrash.fulfilled.match(result)) void load();
  };

  const deleteForever = async (item: TrashItem) => {
    const result = await api.deleteTrash({ ids: [item.id], isGlobal });
    dispatch(toastQueued({ intent: 'success', body: result.message }));
    setConfirm(null);
    void load();
  };

  const root = t(isGlobal ? 'home.globalLibraryTitle' : 'home.myLibraryTitle');
  const placeOf = (item: TrashItem) => (item.kind === 'question' ? item.location : [root, ...item.location]).join(' › ');

  return (
    <div className={styles.page} data-testid={`trash-${library}`}>
      <div className={styles.titleRow}>
        <Title2 as="h1" className={styles.title}>
          {t('trash.title')}
        </Title2>
        <AppLink to={libraryPath(library)}>
          <ArrowLeft20Regular style={{ verticalAlign: 'middle' }} /> {t('trash.back')}
        </AppLink>
      </div>
      <Body1 className={styles.intro}>{t('trash.intro')}</Body1>

      {status === 'failed' && (
        <MessageBar intent="error" data-testid="trash-error">
          <MessageBarBody>{t('trash.loadFailed')}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => void load()}>{t('trash.retry')}</Button>
          </MessageBarActions>
        </MessageBar>
      )}
      {status === 'loading' && items.length === 0 && <Spinner label={t('common.loading')} />}
      {status === 'loaded' && items.length === 0 && <EmptyState dataTestId="trash-empty" title={t('trash.emptyTitle')} body={t('trash.emptyBody')} />}

      {items.length > 0 && (
        <>
          <Caption1 data-testid="trash-count">{t('trash.count', { count: total })}</Caption1>
          <ul className={styles.list} data-testid="trash-list">
            {items.map((item) => {
              const Icon = KIND_ICONS[item.kind];
              const kind = t(KIND_KEYS[item.kind]);
              return (
                <li key={item.id} className={styles.item} data-testid="trash-item" data-kind={item.kind}>
                  <Icon className={styles.icon} aria-hidden />
                  <div className={styles.main}>
                    <Text className={styles.name} title={item.name}>
                      {item.name}
                    </Text>
                    <div className={styles.meta}>
                      <Caption1 className={styles.kind}>{kind}</Caption1>
                      <Caption1>{t('trash.wasIn', { place: placeOf(item) })}</Caption1>
                      <Caption1>{t('trash.deletedOn', { date: formatDate(item.deletedAt, dateFormat, i18n.language) })}</Caption1>
                      <Caption1 className={item.daysLeft <= SOON_DAYS ? styles.soon : undefined}>{t('trash.daysLeft', { count: item.daysLeft })}</Caption1>
                    </div>
                  </div>
                  <div className={styles.actions}>
                    <Button
                      icon={<ArrowUndo20Regular />}
                      onClick={() => void restore(item)}
                      disabled={busy !== null}
                      aria-label={`${t('trash.restore')}: ${t('trash.itemLabel', { kind, name: item.name })}`}
                      data-testid="trash-restore"
                    >
                      {t('trash.restore')}
                    </Button>
                    <Button
                      appearance="subtle"
                      icon={<Delete20Regular />}
                      onClick={() => setConfirm(item)}
                      disabled={busy !== null}
                      aria-label={`${t('trash.deleteForever')}: ${t('trash.itemLabel', { kind, name: item.name })}`}
                      data-testid="trash-delete"
                    >
                      {t('trash.deleteForever')}
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
          {items.length < total && (
            <Button onClick={() => void more()} disabled={busy !== null} data-testid="trash-more">
              {t('trash.more')}
            </Button>
          )}
        </>
      )}

      {confirm && (
        <FormDialog
          dataTestId="trash-delete-dialog"
          title={t('trash.confirmTitle')}
          submitLabel={t('trash.deleteForever')}
          destructive
          onClose={() => setConfirm(null)}
          onSubmit={() => deleteForever(confirm)}
        >
          <Body1>{t('trash.confirmBody', { name: confirm.name })}</Body1>
        </FormDialog>
      )}
    </div>
  );
}
