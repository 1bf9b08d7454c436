import { useEffect, useMemo, useState } from 'react';
import { Caption1, Dropdown, Field, makeStyles, MessageBar, MessageBarBody, Option, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { columnMapping, type ImportPreview } from '@shared/contract/interop';
import { STORAGE_KEYS } from '@shared/ui/storageKeys';
import { htmlToPlain } from '@shared/interop/html';
import { isComprehension, MAPPING_FIELDS, type ColumnMapping, type InteropQuestion, type MappingField } from '@shared/interop/model';
import { answerText } from '@shared/interop/questions';
import { applyMapping, columnsOf } from '@shared/interop/table/mapping';
import { questionsOf } from '@shared/interop/table/rows';
import { useFileLineStyles } from '@shared/ui/ProblemGroup';
import { ImportProblems } from './ImportPreviewView';

export type SheetOfColumns = NonNullable<ImportPreview['sheet']>;

/** How many questions the step reads back: enough to see that each column went where it should. */
const SHOWN = 3;
const NONE = 'none';

const useStyles = makeStyles({
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: '8px 16px' },
  detail: { color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
  text: { overflowWrap: 'anywhere' },
});

/**
 * The first questions of the sheet as this mapping reads them, and the problems of their rows:
 * read here, by the converter the server runs (shared/interop/table), from the rows the preview
 * sent; no call per change of a column.
 */
export function readFirst(sheet: SheetOfColumns, format: 'csv' | 'xlsx', mapping: ColumnMapping) {
  const filled = sheet.rows.filter((r) => r.some((c) => c.trim())).slice(0, SHOWN);
  const read = questionsOf(applyMapping(filled, mapping), format);
  return { questions: read.sections.flatMap((s) => s.questions).slice(0, SHOWN), problems: read.problems };
}

/**
 * The mapping of a previewed spreadsheet whose columns are not ours: the server's (guessed) one
 * until the tutor changes it, again the server's for the next file; importable when a question
 * column is chosen and the first rows give a question. Null sheet: not such a file.
 */
export function useSheetMapping(preview: ImportPreview | null) {
  const [changed, setChanged] = useState<ColumnMapping | null>(null);
  const format = preview?.format === 'csv' || preview?.format === 'xlsx' ? preview.format : null;
  const sheet = format && preview?.sheet ? { sheet: preview.sheet, format } : null;
  // A sheet with the header of one imported before starts from the mapping it was imported with.
  useEffect(() => setChanged(preview?.sheet ? rememberedMapping(preview.sheet.columns) : null), [preview]);
  const mapping = sheet ? (changed ?? sheet.sheet.mapping) : null;
  const ready = !!sheet && !!mapping && columnsOf(mapping, 'question').length > 0 && readFirst(sheet.sheet, sheet.format, mapping).questions.length > 0;
  return { sheet, mapping, ready, change: setChanged };
}

const mappingKey = (headers: string[]) => `${STORAGE_KEYS.columnMapping}.${headers.map((h) => h.trim().toLowerCase()).join('\u0001')}`;

/** The mapping a sheet with these headers was last imported with (in this browser), if it still fits them. */
export function rememberedMapping(headers: string[]): ColumnMapping | null {
  try {
    const stored = JSON.parse(localStorage.getItem(mappingKey(headers)) ?? 'null') as unknown;
    const parsed = columnMapping.safeParse(stored);
    const fits = parsed.success && Object.values(parsed.data).every((c) => [c ?? []].flat().every((i) => i < headers.length));
    return fits ? parsed.data : null;
  } catch {
    return null; // storage off, or not JSON: the guess stands
  }
}

/** Kept for the next sheet with the same header row (issue 29: a tutor's own export, imported every week). */
export function rememberMapping(headers: string[], mapping: ColumnMapping): void {
  try {
    localStorage.setItem(mappingKey(headers), JSON.stringify(mapping));
  } catch {
    // storage full or off: the next import guesses again
  }
}

const plain = (html: string) => htmlToPlain(html).text.replace(/\s+/g, ' ').trim();

function QuestionRead({ q }: { q: InteropQuestion }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const lines = useFileLineStyles();
  const facts = isComprehension(q)
    ? [t('editor.type.comprehension')]
    : [
        t(`editor.type.${q.type}`),
        q.type === 'multiple_choice' && q.options.map((o, i) => `${'ABCDEF'[i]}. ${plain(o.name)}`).join('  '),
        t('interop.import.answer', { answer: answerText(q, 'ABCDEF', ', ') }),
        q.marks && t('interop.mapping.marks', { count: q.marks.positive }),
      ].filter(Boolean);
  return (
    <li className={lines.item} data-testid="interop-mapping-question-read">
      <Text className={styles.text}>{plain(isComprehension(q) ? q.paragraph : q.name) || '—'}</Text>
      <Caption1 className={styles.detail}>{facts.join(' · ')}</Caption1>
    </li>
  );
}

/** One of our fields and the sheet's column(s) that hold it: several, in the sheet's order, for the options. */
function FieldDropdown({
  field,
  columns,
  mapping,
  onChange,
}: {
  field: MappingField;
  columns: string[];
  mapping: ColumnMapping;
  onChange: (next: ColumnMapping) => void;
}) {
  const { t } = useTranslation();
  const many = field === 'options';
  const chosen = columnsOf(mapping, field).filter((c) => c < columns.length);
  const name = (c: number) => columns[c]?.trim() || t('interop.mapping.column', { number: c + 1 });
  const select = (selected: string[]) => {
    const picked = selected
      .filter((s) => s !== NONE)
      .map(Number)
      .sort((a, b) => a - b);
    onChange({ ...mapping, [field]: many ? (picked.length ? picked : null) : (picked[0] ?? null) });
  };
  return (
    <Field label={t(`interop.mapping.fields.${field}`)}>
      <Dropdown
        data-testid={`interop-mapping-${field}`}
        multiselect={many}
        placeholder={t('interop.mapping.none')}
        value={chosen.length ? chosen.map(name).join(', ') : t('interop.mapping.none')}
        selectedOptions={chosen.length ? chosen.map(String) : many ? [] : [NONE]}
        onOptionSelect={(_, d) => select(many ? d.selectedOptions : d.optionValue ? [d.optionValue] : [])}
      >
        {!many && <Option value={NONE}>{t('interop.mapping.none')}</Option>}
        {columns.map((_, c) => (
          <Option key={c} value={String(c)}>
            {name(c)}
          </Option>
        ))}
      </Dropdown>
    </Field>
  );
}

/**
 * A spreadsheet whose columns are not ours (issue 29): for each of our fields the sheet's column
 * that holds it, as guessed, to be changed; the first questions as they will be read.
 */
export function ColumnMappingStep({
  sheet,
  format,
  mapping,
  onChange,
}: {
  sheet: SheetOfColumns;
  format: 'csv' | 'xlsx';
  mapping: ColumnMapping;
  onChange: (next: ColumnMapping) => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const lines = useFileLineStyles();
  const width = sheet.rows.reduce((w, r) => Math.max(w, r.length), sheet.columns.length);
  const columns = Array.from({ length: width }, (_, c) => sheet.columns[c] ?? '');
  const { questions, problems } = useMemo(() => readFirst(sheet, format, mapping), [sheet, format, mapping]);
  const noQuestion = !columnsOf(mapping, 'question').length;
  return (
    <section style={{ display: 'flex', flexDirection: 'column', gap: 12 }} data-testid="interop-mapping">
      <div>
        <Text weight="semibold">{t('interop.mapping.title')}</Text>
        <br />
        <Caption1>{t(sheet.guessed ? 'interop.mapping.introGuessed' : 'interop.mapping.intro')}</Caption1>
      </div>
      <div className={styles.grid}>
        {MAPPING_FIELDS.map((field) => (
          <FieldDropdown key={field} field={field} columns={columns} mapping={mapping} onChange={onChange} />
        ))}
      </div>
      {noQuestion ? (
        <MessageBar intent="warning" data-testid="interop-mapping-no-question">
          <MessageBarBody>{t('interop.mapping.needQuestion')}</MessageBarBody>
        </MessageBar>
      ) : (
        <>
          <Text weight="semibold">{t('interop.mapping.previewTitle', { count: SHOWN })}</Text>
          <ol className={lines.list} data-testid="interop-mapping-preview">
            {questions.map((q, i) => (
              <QuestionRead key={i} q={q} />
            ))}
          </ol>
          {problems.length > 0 && <ImportProblems problems={problems} />}
        </>
      )}
    </section>
  );
}
