import { Button, Caption1, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { UploadTarget } from './target';

const useStyles = makeStyles({
  card: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) auto',
    alignItems: 'center',
    gap: '4px 8px',
    padding: '8px 10px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  label: { color: tokens.colorNeutralForeground3 },
});

/** The chosen test and section, one line each (long names cut, whole in the tooltip). */
export function TargetCard({ target, onChange }: { target: UploadTarget; onChange: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <div className={styles.card} data-testid="addin-target">
      <div style={{ minWidth: 0 }}>
        <Caption1 className={styles.label}>{t('addin.test')}</Caption1>
        <Text block weight="semibold" className={styles.name} title={target.testName} data-testid="addin-target-test">
          {target.testName}
        </Text>
        <Caption1 className={styles.label}>{t('addin.section')}</Caption1>
        <Text block className={styles.name} title={target.sectionName} data-testid="addin-target-section">
          {target.sectionName}
        </Text>
      </div>
      <Button size="small" onClick={onChange}>
        {t('addin.change')}
      </Button>
    </div>
  );
}
