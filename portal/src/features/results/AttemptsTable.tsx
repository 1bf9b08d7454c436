import {
  Badge,
  Button,
  Caption1,
  Dropdown,
  Field,
  MessageBar,
  MessageBarBody,
  Option,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  Tooltip,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { AttemptRow } from '@shared/contract/results';
import { DEFAULT_DATE_FORMAT, formatDateTime } from '@shared/domain/dates';
import { useAppSelector } from '../../app/hooks';
import { SearchField } from '../../app/SearchField';
import { formatDuration, formatNumber, formatPercent } from './format';
import { PAGE_SIZES, useAttempts, type AttemptSort } from './useAttempts';

const useStyles = makeStyles({
  box: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  tools: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center', flexWrap: 'wrap' },
  search: { flex: '1 1 220px', maxWidth: '360px' },
  scroll: { overflowX: 'auto', minWidth: 0 },
  table: { minWidth: '640px', '@media (max-width: 600px)': { minWidth: '420px' } },
  narrow: { '@media (max-width: 600px)': { display: 'none' } },
  rank: { width: '56px' },
  status: { width: '120px' },
  time: { width: '96px' },
  row: { cursor: 'pointer' },
  name: { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', maxWidth: '260px' },
  contact: { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', maxWidth: '260px', color: tokens.colorNeutralForeground3 },
  score: { display: 'flex', gap: tokens.spacingHorizontalXS, alignItems: 'center', flexWrap: 'wrap' },
  pager: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, justifyContent: 'flex-end', flexWrap: 'wrap' },
  size: { minWidth: '90px' },
});

const STATUS_COLOR = { submitted: 'success', 'in-progress': 'informative', expired: 'subtle' } as const;

/**
 * The attempts of a free test: sort by a column header, search by name or contact (sent after a
 * pause in typing), pages of a chosen size. A row opens the student's answer sheet.
 */
export function AttemptsTable({ sharedTestId, refresh, onOpen }: { sharedTestId: string; refresh: number; onOpen: (attempt: AttemptRow) => void }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const dateFormat = useAppSelector((s) => s.auth.user?.region.dateTimeStamp) || DEFAULT_DATE_FORMAT;
  const { view, list, loading, failed, searchText, setSearchText, sortBy, setPage, setLimit } = useAttempts(sharedTestId, refresh);
  const total = list?.total ?? 0;
  const rows = list?.attempts ?? [];
  const from = total ? (view.page - 1) * view.limit + 1 : 0;
  const to = Math.min(from + rows.length - 1, total);
  const lang = i18n.language;

  const header = (sort: AttemptSort, label: string, className?: string) => (
    <TableHeaderCell
      className={className}
      sortDirection={view.sort === sort ? (view.order === 'asc' ? 'ascending' : 'descending') : undefined}
      onClick={() => sortBy(sort)}
      data-testid={`attempts-sort-${sort}`}
    >
      {label}
    </TableHeaderCell>
  );

  return (
    <div className={styles.box} data-testid="attempts">
      <div className={styles.tools}>
        <SearchField
          className={styles.search}
          value={searchText}
          maxLength={100}
          label={t('results.searchPlaceholder')}
          onSearch={setSearchText}
          data-testid="attempts-search"
        />
        {loading && <Spinner size="tiny" aria-label={t('common.loading')} />}
      </div>
      {failed && (
        <MessageBar intent="error" data-testid="attempts-error">
          <MessageBarBody>{t('results.attemptsLoadFailed')}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.scroll} data-scrolls>
        <Table sortable size="small" className={styles.table} aria-label={t('results.attemptsTitle')} aria-busy={loading}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell className={styles.rank}>{t('results.rank')}</TableHeaderCell>
              {header('name', t('results.student'))}
              <TableHeaderCell className={mergeClasses(styles.status, styles.narrow)}>{t('results.status')}</TableHeaderCell>
              {header('score', t('results.score'))}
              {header('timeTaken', t('results.timeTaken'), styles.time)}
              {header('submittedAt', t('results.submittedAt'), styles.narrow)}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow
                key={row.attemptId}
                className={styles.row}
                tabIndex={0}
                onClick={() => onOpen(row)}
                onKeyDown={(event) => (event.key === 'Enter' || event.key === ' ') && (event.preventDefault(), onOpen(row))}
                data-testid="attempt-row"
                data-attempt-id={row.attemptId}
              >
                <TableCell data-testid="attempt-rank">{row.rank ?? '—'}</TableCell>
                <TableCell>
                  <Text className={styles.name} title={row.student.name} data-testid="attempt-name">
                    {row.student.name}
                  </Text>
                  <Caption1 className={styles.contact} title={row.student.contact}>
                    {row.student.contact}
                  </Caption1>
                </TableCell>
                <TableCell className={styles.narrow}>
                  <Badge appearance="tint" color={STATUS_COLOR[row.status]} data-testid="attempt-status">
                    {t(`results.statusName.${row.status}`)}
                  </Badge>
                </TableCell>
                <TableCell>
                  <span className={styles.score}>
                    <Text data-testid="attempt-score">
                      {formatNumber(row.score, lang, 2)} / {formatNumber(row.maxScore, lang, 2)}
                    </Text>
                    <Caption1>({formatPercent(row.percentage, lang)})</Caption1>
                    <ScoreChanges row={row} />
                  </span>
                </TableCell>
                <TableCell>{formatDuration(row.timeTakenS)}</TableCell>
                <TableCell className={styles.narrow}>{row.submittedAt ? formatDateTime(row.submittedAt, dateFormat, lang) : '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      {!loading && rows.length === 0 && !failed && (
        <Text align="center" data-testid="attempts-none">
          {view.search ? t('results.noMatch', { search: view.search }) : t('results.noAttemptsShort')}
        </Text>
      )}
      <div className={styles.pager}>
        <Field label={t('results.pageSize')} orientation="horizontal">
          <Dropdown
            className={styles.size}
            value={String(view.limit)}
            selectedOptions={[String(view.limit)]}
            onOptionSelect={(_, data) => setLimit(Number(data.optionValue))}
            data-testid="attempts-page-size"
          >
            {PAGE_SIZES.map((size) => (
              <Option key={size} value={String(size)}>
                {String(size)}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <Text size={200} data-testid="attempts-range">
          {t('results.range', { from: formatNumber(from, lang, 0), to: formatNumber(to, lang, 0), total: formatNumber(total, lang, 0) })}
        </Text>
        <Button
          size="small"
          icon={<ChevronLeftRegular />}
          aria-label={t('results.previous')}
          disabled={view.page <= 1}
          onClick={() => setPage(view.page - 1)}
          data-testid="attempts-previous"
        />
        <Button
          size="small"
          icon={<ChevronRightRegular />}
          aria-label={t('results.next')}
          disabled={to >= total}
          onClick={() => setPage(view.page + 1)}
          data-testid="attempts-next"
        />
      </div>
    </div>
  );
}

/** A score a correction changed since submit: the badge says so, its tooltip how (oldest first). */
function ScoreChanges({ row }: { row: AttemptRow }) {
  const { t, i18n } = useTranslation();
  if (row.scoreChanges.length === 0) return null;
  const first = row.scoreChanges[0];
  const lines = row.scoreChanges.map((change) =>
    t('results.scoreChange', { old: formatNumber(change.oldScore, i18n.language, 2), new: formatNumber(change.newScore, i18n.language, 2) }),
  );
  return (
    <Tooltip content={lines.join(' · ')} relationship="description">
      <Badge appearance="outline" color="warning" size="small" data-testid="attempt-score-changed">
        {t('results.wasScore', { score: formatNumber(first.oldScore, i18n.language, 2) })}
      </Badge>
    </Tooltip>
  );
}
