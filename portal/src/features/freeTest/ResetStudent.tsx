import { useState } from 'react';
import { Button, Caption1, Field, Input, MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { PersonSyncRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../app/apiContext';

const useStyles = makeStyles({
  box: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    paddingTop: tokens.spacingVerticalS,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', alignItems: 'end', '& > :first-child': { flex: '1 1 220px', minWidth: 0 } },
});

/**
 * A student who lost their device and cannot receive a code is let in once more (issue 14): the
 * tutor gives their e-mail or phone; their attempt in progress keeps its answers. Failures (no
 * such student) are toasted by the API client.
 */
export function ResetStudent({ sharedTestId }: { sharedTestId: string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const api = useApi();
  const [open, setOpen] = useState(false);
  const [contact, setContact] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  if (!open) {
    return (
      <Button
        appearance="subtle"
        icon={<PersonSyncRegular />}
        onClick={() => setOpen(true)}
        style={{ alignSelf: 'flex-start' }}
        data-testid="free-test-reset-open"
      >
        {t('freeTest.resetStudent')}
      </Button>
    );
  }
  const reset = async () => {
    setBusy(true);
    setDone(null);
    try {
      setDone((await api.resetFreeTestStudent(sharedTestId, contact.trim())).message);
      setContact('');
    } catch {
      // Toasted by the API client.
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={styles.box} data-testid="free-test-reset">
      <Caption1>{t('freeTest.resetExplained')}</Caption1>
      <div className={styles.row}>
        <Field label={t('freeTest.resetContact')}>
          <Input value={contact} onChange={(_, d) => setContact(d.value)} maxLength={100} data-testid="free-test-reset-contact" />
        </Field>
        <Button disabled={busy || contact.trim().length < 3} onClick={() => void reset()} data-testid="free-test-reset-submit">
          {t('freeTest.resetSubmit')}
        </Button>
      </div>
      {done && (
        <MessageBar intent="success" data-testid="free-test-reset-done">
          <MessageBarBody>{done}</MessageBarBody>
        </MessageBar>
      )}
    </div>
  );
}
