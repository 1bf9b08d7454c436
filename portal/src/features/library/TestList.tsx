import { ItemLocation } from '@shared/ui/ItemLocation';
import { Badge, Caption1, Checkbox, makeStyles, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, tokens } from '@fluentui/react-components';
import { DocumentBulletList20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { TestSummary } from '@shared/api/libraryTypes';
import { formatDate } from '@shared/domain/dates';
import { fromDurationMs } from '@shared/domain/duration';
import { isSelected, itemToggled } from './librarySlice';
import { AppLink } from '../../app/AppLink';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { editorPath } from '../../app/routes';
import { ItemMenu } from './ItemMenu';
import { useItemActions } from './useItemActions';
import { useLibraryAccess } from './useLibrary';

const useStyles = makeStyles({
  table: { tableLayout: 'fixed', width: '100%' },
  check: { width: '44px' },
  nameCell: { display: 'flex', alignItems: 'flex-start', gap: tokens.spacingHorizontalS, minWidth: 0, padding: `${tokens.spacingVerticalS} 0` },
  nameText: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  name: { fontWeight: tokens.fontWeightSemibold, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', display: 'block' },
  chips: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  /** Long tag, chapter and batch names end in an ellipsis; the title shows them whole. */
  chip: { maxWidth: '220px', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', display: 'inline-block' },
  // At phone width (issue 17: 360 px in Korean) the name keeps the room; the figures are in the editor.
  number: { width: '96px', '@media (max-width: 600px)': { display: 'none' } },
  date: { width: '120px', '@media (max-width: 600px)': { display: 'none' } },
  menu: { width: '48px' },
  icon: { color: tokens.colorBrandForeground1, flexShrink: 0, marginTop: '2px' },
});

function Duration({ ms }: { ms: number }) {
  const { t } = useTranslation();
  const { hours, minutes } = fromDurationMs(ms);
  return <>{hours ? t('library.durationValue', { hours, minutes }) : t('library.durationMinutes', { minutes })}</>;
}

/** Tests of a folder (selectable) or the recent tests (not). */
export function TestList({ tests, selectable, dataTestId }: { tests: TestSummary[]; selectable: boolean; dataTestId: string }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const selection = useAppSelector((state) => state.library.selection);
  const dateFormat = useAppSelector((state) => state.auth.user?.region.dateTimeStamp);
  const { library, canWrite } = useLibraryAccess();
  const actions = useItemActions();
  const withChecks = selectable && canWrite;
  return (
    <Table className={styles.table} size="small" data-testid={dataTestId} aria-label={t('library.tests')}>
      <TableHeader>
        <TableRow>
          {withChecks && <TableHeaderCell className={styles.check} />}
          <TableHeaderCell>{t('library.name')}</TableHeaderCell>
          <TableHeaderCell className={styles.number}>{t('library.questions')}</TableHeaderCell>
          <TableHeaderCell className={styles.number}>{t('library.marks')}</TableHeaderCell>
          <TableHeaderCell className={styles.number}>{t('library.duration')}</TableHeaderCell>
          <TableHeaderCell className={styles.date}>{t('library.updated')}</TableHeaderCell>
          <TableHeaderCell className={styles.menu} />
        </TableRow>
      </TableHeader>
      <TableBody>
        {tests.map((test) => {
          const selected = withChecks && isSelected(selection, 'test', test._id);
          return (
            <TableRow key={test._id} data-testid="test-item" data-id={test._id} aria-selected={withChecks ? selected : undefined}>
              {withChecks && (
                <TableCell className={styles.check}>
                  <Checkbox
                    checked={selected}
                    onChange={() => dispatch(itemToggled({ kind: 'test', id: test._id }))}
                    aria-label={t('library.selectItem', { name: test.name })}
                  />
                </TableCell>
              )}
              <TableCell>
                <div className={styles.nameCell}>
                  <DocumentBulletList20Regular className={styles.icon} />
                  <div className={styles.nameText}>
                    <AppLink to={editorPath(library, test._id)} className={styles.name} title={test.name}>
                      {test.name}
                    </AppLink>
                    <ItemLocation location={test.location} />
                    <TestChips test={test} />
                  </div>
                </div>
              </TableCell>
              <TableCell className={styles.number}>{test.totalNumberOfQuestions}</TableCell>
              <TableCell className={styles.number}>{test.totalMarks}</TableCell>
              <TableCell className={styles.number}>
                <Duration ms={test.duration} />
              </TableCell>
              <TableCell className={styles.date}>
                <Caption1>{formatDate(test.updatedAt, dateFormat, i18n.language)}</Caption1>
              </TableCell>
              <TableCell className={styles.menu}>
                <ItemMenu itemName={test.name} actions={actions.forTest(test)} />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

/** The links a test shows after its tags: chapters, then batches, each kind in its colour. */
const LINKS = [
  { kind: 'chapter', list: 'chapters', color: 'brand', label: 'library.linkedChapter' },
  { kind: 'batch', list: 'batches', color: 'success', label: 'library.linkedBatch' },
] as const;

/** Tags, links to chapters and batches, and the shared / attempted marks of a test. */
function TestChips({ test }: { test: TestSummary }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const { chapters, batches } = test.links;
  if (!test.tags.length && !chapters.length && !batches.length && !test.isSharedTest && !test.isAttempted) return null;
  return (
    <div className={styles.chips}>
      {test.isSharedTest && (
        <Badge size="small" appearance="tint" color="informative" title={test.sharedBy ? t('library.sharedBy', { name: test.sharedBy }) : undefined}>
          {t('library.shared')}
        </Badge>
      )}
      {test.isAttempted && (
        <Badge size="small" appearance="tint" color="warning">
          {t('library.attempted')}
        </Badge>
      )}
      {test.tags.map((tag) => (
        <Badge key={`tag:${tag}`} size="small" appearance="outline" color="informative" className={styles.chip} title={tag}>
          #{tag}
        </Badge>
      ))}
      {LINKS.flatMap(({ kind, list, color, label }) =>
        test.links[list].map((link) => (
          <Badge
            key={`${kind}:${link._id}`}
            size="small"
            appearance="tint"
            color={color}
            data-testid={`${kind}-link`}
            className={styles.chip}
            title={`${t(label)}: ${link.name}`}
          >
            {link.name}
          </Badge>
        )),
      )}
    </div>
  );
}
