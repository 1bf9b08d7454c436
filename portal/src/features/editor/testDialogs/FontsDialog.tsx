import { useState } from 'react';
import { Button, Checkbox, Field, Input, Switch, Text, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { LIMITS, type FontEntry } from '../../../../../shared/domain/test';
import { FormDialog } from '../../../app/FormDialog';
import type { TestDialogProps } from './TestMenu';
import { useTestUpdate } from './useTestUpdate';

const useStyles = makeStyles({
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  face: { flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
});

/**
 * The fonts the test's text is written in (settings.fonts): each face with whether students'
 * devices are expected to have it, and whether the test carries the list to the student page.
 */
export function FontsDialog({ test, onClose }: TestDialogProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const save = useTestUpdate();
  const [list, setList] = useState<FontEntry[]>(test.settings.fonts.list);
  const [include, setInclude] = useState(test.settings.fonts.include);
  const [face, setFace] = useState('');
  const trimmed = face.trim();
  const duplicate = list.some((f) => f.face.toLowerCase() === trimmed.toLowerCase());
  const add = () => {
    if (!trimmed || duplicate || list.length >= LIMITS.fonts) return;
    setList([...list, { face: trimmed, supported: true }]);
    setFace('');
  };
  return (
    <FormDialog
      testId="fonts-dialog"
      title={t('testDialogs.fonts.title')}
      submitLabel={t('common.save')}
      onClose={onClose}
      onSubmit={async () => {
        if (await save({ fonts: { list, include } }, t('testDialogs.settings.saved'))) onClose();
      }}
    >
      <Switch checked={include} onChange={(_, d) => setInclude(d.checked)} label={t('testDialogs.fonts.include')} />
      {list.length === 0 && <Text>{t('testDialogs.fonts.none')}</Text>}
      <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 4 }}>
        {list.map((font, index) => (
          <li key={font.face} className={styles.row} data-testid="font-row">
            <Text className={styles.face} title={font.face} style={{ fontFamily: `"${font.face}"` }}>
              {font.face}
            </Text>
            <Checkbox
              checked={font.supported}
              label={t('testDialogs.fonts.supported')}
              onChange={(_, d) => setList(list.map((f, i) => (i === index ? { ...f, supported: Boolean(d.checked) } : f)))}
            />
            <Button appearance="subtle" icon={<DeleteRegular />} aria-label={t('testDialogs.fonts.remove', { face: font.face })} onClick={() => setList(list.filter((_, i) => i !== index))} />
          </li>
        ))}
      </ul>
      <div className={styles.row}>
        <Field label={t('testDialogs.fonts.face')} style={{ flex: 1 }} validationMessage={duplicate ? t('testDialogs.fonts.duplicate') : undefined}>
          <Input
            value={face}
            maxLength={100}
            onChange={(_, d) => setFace(d.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                add();
              }
            }}
          />
        </Field>
        <Button icon={<AddRegular />} disabled={!trimmed || duplicate || list.length >= LIMITS.fonts} onClick={add} style={{ alignSelf: 'flex-end' }}>
          {t('testDialogs.fonts.add')}
        </Button>
      </div>
    </FormDialog>
  );
}
