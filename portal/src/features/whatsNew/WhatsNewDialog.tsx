import { useEffect, useState } from 'react';
import { Button, Caption1, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Spinner } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { dialogClosed } from '../../../../shared/state/uiSlice';
import { useApi } from '../../app/apiContext';
import { useAppDispatch, useAppSelector } from '../../app/hooks';

/** The what's-new carousel, fed by GET /v2/assets/url-for-whats-new-model. */
export function WhatsNewDialog() {
  const { t } = useTranslation();
  const api = useApi();
  const dispatch = useAppDispatch();
  const open = useAppSelector((state) => state.ui.dialog === 'whatsNew');
  const [slides, setSlides] = useState<string[] | null>(null);
  const [index, setIndex] = useState(0);

  useEffect(() => {
    if (!open) return;
    setIndex(0);
    api.whatsNewSlides().then(setSlides, () => setSlides([]));
  }, [open, api]);

  const total = slides?.length ?? 0;
  return (
    <Dialog open={open} onOpenChange={(_, data) => !data.open && dispatch(dialogClosed('whatsNew'))}>
      <DialogSurface style={{ maxWidth: 760 }} data-testid="whats-new-dialog">
        <DialogBody>
          <DialogTitle>{t('whatsNew.title')}</DialogTitle>
          <DialogContent>
            {slides === null && <Spinner />}
            {slides !== null && total === 0 && t('whatsNew.empty')}
            {total > 0 && (
              <>
                <img src={slides![index]} alt={t('whatsNew.slideAlt', { current: index + 1 })} style={{ width: '100%', aspectRatio: '16 / 9', borderRadius: 8 }} />
                <Caption1 as="p" style={{ textAlign: 'center' }}>{t('whatsNew.position', { current: index + 1, total })}</Caption1>
              </>
            )}
          </DialogContent>
          <DialogActions>
            <Button disabled={index === 0} onClick={() => setIndex((i) => i - 1)}>{t('whatsNew.previous')}</Button>
            <Button disabled={index >= total - 1} onClick={() => setIndex((i) => i + 1)}>{t('whatsNew.next')}</Button>
            <Button appearance="primary" onClick={() => dispatch(dialogClosed('whatsNew'))}>{t('common.close')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
