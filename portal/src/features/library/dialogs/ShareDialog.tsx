import { useState } from 'react';
import { Body1, Caption1, Checkbox, makeStyles, SearchBox, Spinner, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { Tutor } from '../../../../../shared/api/libraryTypes';
import { selectionBody, selectionCounts, type ItemKind } from '../../../../../shared/state/librarySlice';
import { useApi } from '../../../app/apiContext';
import { useDebouncedLoad } from '../../../app/useDebouncedLoad';
import { useAppSelector } from '../../../app/hooks';
import { useLibraryAction } from '../useLibrary';
import { ActionDialog } from './ActionDialog';
import { usePickerStyles } from './usePickerStyles';

const useStyles = makeStyles({
  tutor: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  email: { color: tokens.colorNeutralForeground3 },
});

/**
 * Shares the selection (or one item) with tutors of the organisation: each gets their own copy
 * at the root of their My Library (decisions section 4).
 */
export function ShareDialog({ target }: { target: { kind: ItemKind; id: string; name: string } | null }) {
  const styles = useStyles();
  const picker = usePickerStyles();
  const { t } = useTranslation();
  const api = useApi();
  const run = useLibraryAction();
  const library = useAppSelector((state) => state.library);
  const [search, setSearch] = useState('');
  const [tutors] = useDebouncedLoad(() => api.tutors(search.trim()), [api, search]);
  const [chosen, setChosen] = useState<Map<string, Tutor>>(new Map());
  const body = selectionBody(library, target);
  const counts = selectionCounts(library, target);

  const toggle = (tutor: Tutor) => {
    const next = new Map(chosen);
    if (next.has(tutor._id)) next.delete(tutor._id);
    else next.set(tutor._id, tutor);
    setChosen(next);
  };

  const submit = () =>
    run(async () => {
      const tutorIds = [...chosen.keys()];
      let result: { message: string } | undefined;
      if (counts.folders > 0) result = await api.shareFolders({ ...body, tutorIds });
      if (counts.tests > 0) result = await api.shareTests({ ...body, tutorIds });
      return result;
    });

  return (
    <ActionDialog
      title={target ? t('library.shareOneTitle', { name: target.name }) : t('library.shareTitle', { count: counts.folders + counts.tests })}
      submitLabel={t('library.share')}
      disabled={chosen.size === 0}
      onSubmit={submit}
      testId="share-dialog"
    >
      <Body1>{t('library.shareExplained')}</Body1>
      <SearchBox placeholder={t('library.searchTutors')} aria-label={t('library.searchTutors')} value={search} onChange={(_, data) => setSearch(data.value)} />
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
    </ActionDialog>
  );
}
