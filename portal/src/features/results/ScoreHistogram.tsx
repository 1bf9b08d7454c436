import { Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Analysis } from '@shared/contract/results';
import { CHART_COLORS } from './chartColors';
import { histogramData } from './format';

const useStyles = makeStyles({
  figure: { margin: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minWidth: 0 },
  chart: { width: '100%', height: '180px', minWidth: 0 },
});

/** How the submitted attempts' percentages spread: 10 bins of 10 points (the last holds 100). */
export function ScoreHistogram({ distribution }: { distribution: Analysis['distribution'] }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const data = histogramData(distribution);
  const attempts = t('results.histogramAttempts');
  return (
    <figure className={styles.figure} data-testid="score-histogram" aria-label={t('results.histogramTitle')}>
      <Subtitle2 as="h2">{t('results.histogramTitle')}</Subtitle2>
      <div className={styles.chart}>
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 480, height: 200 }}>
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 16, left: -16 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="range" tick={{ fontSize: 11 }} interval={0} angle={-30} textAnchor="end" height={40} />
            <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
            <Tooltip formatter={(value) => [value, attempts]} labelFormatter={(label) => `${label}%`} />
            <Bar dataKey="count" name={attempts} fill={CHART_COLORS.brand} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
