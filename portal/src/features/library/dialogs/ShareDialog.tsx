import { useState } from 'react';
import { Body1, Caption1, Checkbox, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { Tutor } from '@shared/api/libraryTypes';
import { libraryDialogClosed, selectionBody, selectionCounts, type ItemKind } from '../librarySlice';
import { useApi } from '@portal/app/apiContext';
import { SearchField } from '@portal/app/SearchField';
import { useDebouncedLoad } from '@portal/app/useDebouncedLoad';
import { FormDialog } from '@portal/app/FormDialog';
import { useAppDispatch, useAppSelector } from '@portal/app/hooks';
import { useLibraryAction } from '../useLibrary';
import { usePickerStyles } from './usePickerStyles';

const useStyles = makeStyles({
  tutor: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  email: { color: tokens.colorNeutralForeground3 },
});

/**
 * The tutor picker of a share (decisions section 4): search the organisation's tutors, tick some,
 * Share. Used by the library (ShareDialog) and by the editor's Share button (issue 17).
 */
export function ShareWithTutorsDialog({ title, onShare, onClose }: { title: string; onShare: (tutorIds: string[]) => Promise<unknown>; onClose: () => void }) {
  const styles = useStyles();
  const picker = usePickerStyles();
  const { t } = useTranslation();
  const api = useApi();
  const [search, setSearch] = useState('');
  const [tutors] = useDebouncedLoad(() => api.tutors(search.trim()), [api, search]);
  const [chosen, setChosen] = useState<Map<string, Tutor>>(new Map());

  const toggle = (tutor: Tutor) => {
    const next = new Map(chosen);
    if (next.has(tutor._id)) next.delete(tutor._id);
    else next.set(tutor._id, tutor);
    setChosen(next);
  };

  return (
    <FormDialog
      title={title}
      submitLabel={t('library.share')}
      disabled={chosen.size === 0}
      onSubmit={() => onShare([...chosen.keys()])}
      onClose={onClose}
      dataTestId="share-dialog"
    >
      <Body1>{t('library.shareExplained')}</Body1>
      <SearchField label={t('library.searchTutors')} value={search} onSearch={setSearch} />
      <ul className={picker.list} data-testid="tutor-list">
        {tutors === null && <Spinner size="small" />}
        {tutors?.length === 0 && <li className={picker.hint}>{t('library.noTutors')}</li>}
        {tutors?.map((tutor) => (
          <li key={tutor._id}>
            <Checkbox
              checked={chosen.has(tutor._id)}
              onChange={() => toggle(tutor)}
              label={
                <span className={styles.tutor}>
                  <span>{tutor.name}</span>
                  <Caption1 className={styles.email}>{tutor.email}</Caption1>
                </span>
              }
            />
          </li>
        ))}
      </ul>
      <Caption1>{t('library.tutorsChosen', { count: chosen.size })}</Caption1>
    </FormDialog>
  );
}

/**
 * Shares the selection (or one item) with tutors of the organisation: each gets their own copy
 * at the root of their My Library (decisions section 4).
 */
export function ShareDialog({ target }: { target: { kind: ItemKind; id: string; name: string } | null }) {
  const { t } = useTranslation();
  const api = useApi();
  const dispatch = useAppDispatch();
  const run = useLibraryAction();
  const library = useAppSelector((state) => state.library);
  const body = selectionBody(library, target);
  const counts = selectionCounts(library, target);

  const share = (tutorIds: string[]) =>
    run(async () => {
      let result: { message: string } | undefined;
      if (counts.folders > 0) result = await api.shareFolders({ ...body, tutorIds });
      if (counts.tests > 0) result = await api.shareTests({ ...body, tutorIds });
      return result;
    });

  return (
    <ShareWithTutorsDialog
      title={target ? t('library.shareOneTitle', { name: target.name }) : t('library.shareTitle', { count: counts.folders + counts.tests })}
      onShare={share}
      onClose={() => dispatch(libraryDialogClosed())}
    />
  );
}
