import { Caption1, Text, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { Analysis, ResultsSummary } from '@shared/contract/results';
import { formatFixed, formatNumber, formatPercent } from './format';

const useStyles = makeStyles({
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))', gap: tokens.spacingHorizontalS, margin: 0, minWidth: 0 },
  figure: {
    display: 'flex',
    flexDirection: 'column',
    gap: '2px',
    padding: tokens.spacingVerticalS,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
    minWidth: 0,
  },
  value: { fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold, lineHeight: tokens.lineHeightBase500 },
  label: { color: tokens.colorNeutralForeground2, margin: 0 },
});

/**
 * The figures at the top of the Results screen. Attempts and in-progress come from the live
 * summary (seconds old); mean … reliability from the analysis (at most 30 s old).
 */
export function SummaryFigures({ analysis, summary }: { analysis: Analysis | null; summary: ResultsSummary | null }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const lang = i18n.language;
  const figures: { key: string; value: string; hint?: string }[] = [
    { key: 'attempts', value: formatNumber(summary?.submitted ?? analysis?.attempts, lang, 0) },
    { key: 'inProgress', value: formatNumber(summary?.inProgress, lang, 0) },
    { key: 'mean', value: formatPercent(analysis?.mean, lang) },
    { key: 'median', value: formatPercent(analysis?.median, lang) },
    { key: 'highest', value: formatPercent(analysis?.highest, lang) },
    { key: 'lowest', value: formatPercent(analysis?.lowest, lang) },
    { key: 'reliability', value: formatFixed(analysis?.reliability, lang), hint: t('results.figure.reliabilityHint') },
  ];
  return (
    <div className={styles.grid} data-testid="results-figures">
      {figures.map((figure) => {
        const body = (
          <div className={styles.figure} key={figure.key} data-testid={`figure-${figure.key}`}>
            <Text as="span" className={styles.value}>
              {figure.value}
            </Text>
            <Caption1 as="span" className={styles.label}>
              {t(`results.figure.${figure.key}`)}
            </Caption1>
          </div>
        );
        return figure.hint ? (
          <Tooltip key={figure.key} content={figure.hint} relationship="description">
            {body}
          </Tooltip>
        ) : (
          body
        );
      })}
    </div>
  );
}
