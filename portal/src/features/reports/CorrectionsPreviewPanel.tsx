import { useEffect, useState } from 'react';
import { Caption1, MessageBar, MessageBarBody, Spinner, Subtitle2, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { CorrectionsPreview } from '@shared/contract/results';
import type { PublishOption } from '@shared/api/reportTypes';
import { formatNumber, formatPercent } from '../results/format';

/** One publishing call's dry run, named by the test it corrects. */
export interface PreviewGroup {
  heading?: string;
  preview: CorrectionsPreview;
}

export type PreviewCorrections = (options: Record<string, PublishOption>, signal: AbortSignal) => Promise<PreviewGroup[]>;

const useStyles = makeStyles({
  box: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingVerticalS,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  list: { margin: 0, paddingInlineStart: '20px', display: 'flex', flexDirection: 'column', gap: '2px' },
  heading: { overflowWrap: 'anywhere', fontWeight: tokens.fontWeightSemibold },
});

/** The choice of options settles for this long before the dry run is asked again. */
const PREVIEW_DEBOUNCE_MS = 300;

/**
 * The corrections preview (issue 16): before publishing, the same calls with `dryRun: true` say
 * per free test how many attempts would change score and the mean before and after. Asked again
 * when the tutor changes an option; nothing is changed by asking.
 */
export function CorrectionsPreviewPanel({ options, preview }: { options: Record<string, PublishOption>; preview: PreviewCorrections }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const [groups, setGroups] = useState<PreviewGroup[] | null>(null);
  const [failed, setFailed] = useState(false);
  const lang = i18n.language;

  useEffect(() => {
    const controller = new AbortController();
    setGroups(null);
    setFailed(false);
    const timer = setTimeout(() => {
      preview(options, controller.signal).then(
        (loaded) => !controller.signal.aborted && setGroups(loaded),
        () => !controller.signal.aborted && setFailed(true),
      );
    }, PREVIEW_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [options, preview]);

  const rows = (groups ?? []).flatMap((group) =>
    group.preview.freeTests.filter((f) => f.attempts > 0).map((freeTest) => ({ heading: group.heading, freeTest })),
  );
  return (
    <section className={styles.box} data-testid="corrections-preview" aria-live="polite">
      <Subtitle2>{t('reports.preview.title')}</Subtitle2>
      {failed && (
        <MessageBar intent="warning">
          <MessageBarBody>{t('reports.preview.failed')}</MessageBarBody>
        </MessageBar>
      )}
      {!groups && !failed && <Spinner size="tiny" labelPosition="after" label={t('reports.preview.loading')} />}
      {groups && rows.length === 0 && <Caption1 data-testid="corrections-preview-none">{t('reports.preview.none')}</Caption1>}
      {rows.length > 0 && (
        <ul className={styles.list}>
          {rows.map(({ heading, freeTest }) => (
            <li key={freeTest.sharedTestId} data-testid="corrections-preview-line">
              {heading && <Text className={styles.heading}>{heading}: </Text>}
              <Text>
                {t('reports.preview.line', {
                  changed: formatNumber(freeTest.attemptsChanged, lang, 0),
                  attempts: formatNumber(freeTest.attempts, lang, 0),
                  oldMean: formatPercent(freeTest.oldMean, lang, 2),
                  newMean: formatPercent(freeTest.newMean, lang, 2),
                })}
              </Text>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
