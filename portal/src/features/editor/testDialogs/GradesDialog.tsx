import { useState } from 'react';
import { Button, Input, Text, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { gradeProblem, LIMITS } from '@shared/domain/test';
import type { TestDialogProps } from './TestMenu';
import { TestChangeDialog } from './TestChangeDialog';
import { RemoveButton } from './RemoveButton';

const useStyles = makeStyles({
  row: { display: 'grid', gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1fr) auto', gap: tokens.spacingHorizontalS, alignItems: 'center' },
});

interface GradeRow {
  name: string;
  from: string;
  to: string;
}

/** A band's two ends, in the order they stand in a row. */
const BOUNDS = ['from', 'to'] as const;

const percent = (value: string) => value.replace(/[^\d.]/g, '').slice(0, 6);

/** Grade bands of the result (name, from % to %, both included), e.g. A 80-100. */
export function GradesDialog({ test, onClose }: TestDialogProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [rows, setRows] = useState<GradeRow[]>(() => test.grades.map((g) => ({ name: g.name, from: String(g.from), to: String(g.to) })));
  const grades = rows.map((r) => ({ name: r.name.trim(), from: r.from === '' ? Number.NaN : Number(r.from), to: r.to === '' ? Number.NaN : Number(r.to) }));
  const problem = gradeProblem(grades);
  const change = (index: number, patch: Partial<GradeRow>) => setRows(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <TestChangeDialog name="grades" disabled={problem !== null} onClose={onClose} change={() => ({ grades })}>
      {rows.length === 0 && <Text>{t('testDialogs.grades.none')}</Text>}
      {rows.length > 0 && (
        <div className={styles.row} aria-hidden>
          <Text size={200}>{t('testDialogs.grades.name')}</Text>
          <Text size={200}>{t('testDialogs.grades.from')}</Text>
          <Text size={200}>{t('testDialogs.grades.to')}</Text>
          <span />
        </div>
      )}
      {rows.map((row, index) => (
        <div key={index} className={styles.row} data-testid="grade-row">
          <Input aria-label={t('testDialogs.grades.name')} value={row.name} maxLength={50} onChange={(_, d) => change(index, { name: d.value })} />
          {BOUNDS.map((bound) => (
            <Input
              key={bound}
              aria-label={t(`testDialogs.grades.${bound}`)}
              inputMode="decimal"
              value={row[bound]}
              onChange={(_, d) => change(index, { [bound]: percent(d.value) })}
              contentAfter="%"
            />
          ))}
          <RemoveButton label={t('testDialogs.grades.remove', { name: row.name })} onClick={() => setRows(rows.filter((_, i) => i !== index))} />
        </div>
      ))}
      {problem && (
        <Text role="alert" style={{ color: tokens.colorPaletteRedForeground1 }} data-testid="grades-problem">
          {t(`testDialogs.grades.problem.${problem.kind}`, { n: problem.index + 1, other: problem.other })}
        </Text>
      )}
      <div>
        <Button icon={<AddRegular />} disabled={rows.length >= LIMITS.grades} onClick={() => setRows([...rows, { name: '', from: '', to: '' }])}>
          {t('testDialogs.grades.add')}
        </Button>
      </div>
    </TestChangeDialog>
  );
}
