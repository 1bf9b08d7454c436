import { useState } from 'react';
import { Button } from '@fluentui/react-components';
import { ShareRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { ROOT_FOLDER_ID } from '../library/librarySlice';
import { toastQueued } from '../../app/uiSlice';
import { useApi } from '../../app/apiContext';
import { useAppDispatch } from '../../app/hooks';
import { ShareWithTutorsDialog } from '../library/dialogs/ShareDialog';

/**
 * The editor bar's Share (issue 17): the library's share dialog for the open test, so a tutor
 * need not go back to the library. Each chosen tutor gets their own copy (decisions section 4).
 */
export function ShareTestButton({ test }: { test: { _id: string; name: string; isGlobal: boolean } }) {
  const { t } = useTranslation();
  const api = useApi();
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState(false);

  const share = async (tutorIds: string[]) => {
    try {
      const result = await api.shareTests({ parentFolderId: ROOT_FOLDER_ID, isGlobal: test.isGlobal, selectAll: false, testIds: [test._id], tutorIds });
      dispatch(toastQueued({ intent: 'success', body: result.message }));
      setOpen(false);
    } catch {
      // The API client has toasted the server's message; the dialog stays open with the choice.
    }
  };

  return (
    <>
      <Button icon={<ShareRegular />} onClick={() => setOpen(true)} data-testid="editor-share">
        {t('library.share')}
      </Button>
      {open && <ShareWithTutorsDialog title={t('library.shareOneTitle', { name: test.name })} onShare={share} onClose={() => setOpen(false)} />}
    </>
  );
}
