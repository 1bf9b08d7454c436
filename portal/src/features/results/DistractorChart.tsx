import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { QuestionStat } from '@shared/contract/results';
import { CHART_COLORS } from './chartColors';
import { distractorData } from './format';

/**
 * A choice question's options, each with how many of the top and of the bottom 27% chose it:
 * a working key is chosen more by the top group; a distractor that draws the top group is suspect.
 */
export function DistractorChart({ question }: { question: QuestionStat }) {
  const { t } = useTranslation();
  const data = distractorData(question);
  return (
    <div
      style={{ width: '100%', maxWidth: 520, height: 200 }}
      data-testid="distractor-chart"
      aria-label={t('results.distractorTitle', { number: question.number })}
    >
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 480, height: 200 }}>
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} />
          <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
          <Tooltip />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar dataKey="top" name={t('results.topGroup')} fill={CHART_COLORS.top} isAnimationActive={false} />
          <Bar dataKey="bottom" name={t('results.bottomGroup')} fill={CHART_COLORS.bottom} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
