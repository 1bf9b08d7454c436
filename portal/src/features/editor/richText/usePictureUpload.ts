import { useCallback } from 'react';
import { AxiosError } from 'axios';
import { useTranslation } from 'react-i18next';
import { pictureProblem, PICTURE_MAX_BYTES } from '@shared/domain/pictures';
import { pickLanguage } from '@shared/i18n/languages';
import { serverMessage } from '@shared/i18n/serverMessages';
import { toastQueued } from '@portal/app/uiSlice';
import { useApi } from '@portal/app/apiContext';
import { useAppDispatch } from '@portal/app/hooks';

/**
 * Uploads a picture for rich text and answers its address. A file of the wrong type or size is
 * refused here with the server's own words, before anything is sent; a failed upload was
 * toasted by the API client. Either way it throws, so nothing is inserted.
 */
export function usePictureUpload(): (file: File) => Promise<string> {
  const api = useApi();
  const dispatch = useAppDispatch();
  const { t, i18n } = useTranslation();
  return useCallback(
    async (file: File) => {
      const problem = pictureProblem(file);
      if (problem) {
        const body = serverMessage(pickLanguage(i18n.language), problem, { limit: PICTURE_MAX_BYTES / (1024 * 1024) });
        dispatch(toastQueued({ intent: 'error', title: t('common.errorTitle'), body }));
        throw new Error(body);
      }
      try {
        return await api.uploadPicture(file);
      } catch (error) {
        // The API client toasts its own failures; another store's (S3) are told here.
        if (!(error instanceof AxiosError))
          dispatch(
            toastQueued({ intent: 'error', title: t('common.errorTitle'), body: error instanceof Error ? error.message : t('errors.somethingWentWrong') }),
          );
        throw error;
      }
    },
    [api, dispatch, i18n, t],
  );
}
