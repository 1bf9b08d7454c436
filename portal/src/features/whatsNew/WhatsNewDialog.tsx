import { useEffect, useState } from 'react';
import { Button, Caption1, Spinner, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@shared/domain/dates';
import { DialogFrame } from '../../app/DialogFrame';
import { dialogClosed } from '../../app/uiSlice';
import { useApi } from '../../app/apiContext';
import { useAppDispatch, useAppSelector } from '../../app/hooks';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  slide: { width: '100%', aspectRatio: '16 / 9', maxHeight: '32vh', objectFit: 'contain', borderRadius: tokens.borderRadiusLarge },
  pager: { display: 'flex', alignItems: 'center', justifyContent: 'center', gap: tokens.spacingHorizontalS },
  notes: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    maxHeight: '40vh',
    overflowY: 'auto',
    paddingInlineEnd: tokens.spacingHorizontalS,
  },
  list: { margin: `${tokens.spacingVerticalXS} 0 0`, paddingInlineStart: '20px', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
});

type Notes = { date: string; notes: string[] }[];

/**
 * What's new (issue 17): the release notes kept in the repository (shared/releaseNotes.ts, a
 * chunk of their own loaded on open), newest first, in the UI language; above them the
 * server's slides (GET /v2/assets/url-for-whats-new-model, spec section 4).
 */
export function WhatsNewDialog() {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const api = useApi();
  const dispatch = useAppDispatch();
  const open = useAppSelector((state) => state.ui.dialog === 'whatsNew');
  const [slides, setSlides] = useState<string[] | null>(null);
  const [notes, setNotes] = useState<Notes | null>(null);
  const [index, setIndex] = useState(0);

  useEffect(() => {
    if (!open) return;
    setIndex(0);
    api.whatsNewSlides().then(setSlides, () => setSlides([]));
  }, [open, api]);

  useEffect(() => {
    if (!open) return;
    import(/* webpackChunkName: "release-notes" */ '@shared/releaseNotes').then(
      ({ releaseNotesIn }) => setNotes(releaseNotesIn(i18n.language)),
      () => setNotes([]),
    );
  }, [open, i18n.language]);

  const total = slides?.length ?? 0;
  return (
    <DialogFrame
      open={open}
      title={t('whatsNew.title')}
      dataTestId="whats-new-dialog"
      onDismiss={() => dispatch(dialogClosed('whatsNew'))}
      width={760}
      contentClassName={styles.content}
      actions={
        <Button appearance="primary" onClick={() => dispatch(dialogClosed('whatsNew'))}>
          {t('common.close')}
        </Button>
      }
    >
      {total > 0 && (
        <div>
          <img src={slides![index]} alt={t('whatsNew.slideAlt', { current: index + 1 })} className={styles.slide} />
          <div className={styles.pager}>
            <Button size="small" appearance="subtle" disabled={index === 0} onClick={() => setIndex((i) => i - 1)}>
              {t('whatsNew.previous')}
            </Button>
            <Caption1>{t('whatsNew.position', { current: index + 1, total })}</Caption1>
            <Button size="small" appearance="subtle" disabled={index >= total - 1} onClick={() => setIndex((i) => i + 1)}>
              {t('whatsNew.next')}
            </Button>
          </div>
        </div>
      )}
      {notes === null && <Spinner size="small" />}
      {notes !== null && notes.length === 0 && t('whatsNew.empty')}
      {notes !== null && notes.length > 0 && (
        <section
          className={styles.notes}
          data-testid="release-notes"
          aria-label={t('whatsNew.releaseNotes')}
          // A scrolling region must take keyboard focus, or keyboard users cannot scroll it.
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
        >
          {notes.map((release) => (
            <div key={release.date} data-testid="release" data-date={release.date}>
              <Subtitle2 as="h3">{formatDate(`${release.date}T12:00:00`, undefined, i18n.language)}</Subtitle2>
              <ul className={styles.list}>
                {release.notes.map((note) => (
                  <li key={note}>{note}</li>
                ))}
              </ul>
            </div>
          ))}
        </section>
      )}
    </DialogFrame>
  );
}
