import { useEffect, useState } from 'react';
import { Badge, Button, Field, Input, Spinner, Switch, Text, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { LIMITS, type FontEntry } from '@shared/domain/test';
import { normaliseFontFace } from '@shared/domain/fonts';
import { toastQueued } from '@portal/app/uiSlice';
import { FontPicker } from '@shared/ui/wordUpload/MissingFontsDialog';
import { useApi } from '@portal/app/apiContext';
import { useAppDispatch } from '@portal/app/hooks';
import { useTestFonts } from '@portal/app/useTestFonts';
import { testFontStack } from '@shared/render/testFonts';
import type { TestDialogProps } from './TestMenu';
import { TestChangeDialog } from './TestChangeDialog';
import { RemoveButton } from './RemoveButton';

const useStyles = makeStyles({
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
  face: { flex: '1 1 120px', minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontSize: tokens.fontSizeBase400 },
});

/**
 * The fonts the test's text is written in (settings.fonts). Each face is checked as the Word
 * upload checks a document's fonts (`GET /v2/parserfont`): one the server knows or the
 * organisation uploaded is supported; a missing one gets a file picker (`POST
 * /v2/parserfont/upload`), after which a document using it passes the check. The editor, the
 * print view and its PDF draw the test's text in these faces, uploaded ones through @font-face.
 */
export function FontsDialog({ test, onClose }: TestDialogProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const api = useApi();
  const dispatch = useAppDispatch();
  const [list, setList] = useState<FontEntry[]>(test.settings.fonts.list);
  const [include, setInclude] = useState(test.settings.fonts.include);
  const [face, setFace] = useState('');
  // What the server says of each face (normalised): supported or not; absent while unknown.
  const [checked, setChecked] = useState<Record<string, boolean>>({});
  const [uploading, setUploading] = useState<string | null>(null);
  const trimmed = face.trim();
  const duplicate = list.some((f) => normaliseFontFace(f.face) === normaliseFontFace(trimmed));
  const unchecked = list.map((f) => f.face).filter((f) => checked[normaliseFontFace(f)] === undefined);
  const uncheckedKey = unchecked.join('\n');

  useEffect(() => {
    if (!uncheckedKey) return;
    let current = true;
    api.checkFonts(uncheckedKey.split('\n')).then(
      (entries) => current && setChecked((was) => ({ ...was, ...Object.fromEntries(entries.map((e) => [normaliseFontFace(e.face), e.supported])) })),
      () => undefined, // the API client toasted it; the stored flags stay
    );
    return () => {
      current = false;
    };
  }, [api, uncheckedKey]);

  const supportedOf = (font: FontEntry) => checked[normaliseFontFace(font.face)] ?? font.supported;
  // Each face shown in its own font (uploaded ones through @font-face, loaded again after an upload).
  useTestFonts(list.map((font) => ({ face: font.face, supported: supportedOf(font) })));
  const add = () => {
    if (!trimmed || duplicate || list.length >= LIMITS.fonts) return;
    setList([...list, { face: trimmed, supported: false }]);
    setFace('');
  };
  const upload = async (name: string, file: File | undefined) => {
    if (!file) return;
    setUploading(name);
    try {
      await api.uploadFont(file, name);
      setChecked((was) => ({ ...was, [normaliseFontFace(name)]: true }));
      dispatch(toastQueued({ intent: 'success', body: t('testDialogs.fonts.uploaded', { face: name }) }));
    } catch {
      dispatch(toastQueued({ intent: 'error', title: t('common.errorTitle'), body: t('wordUpload.fontsFailed') }));
    } finally {
      setUploading(null);
    }
  };
  return (
    <TestChangeDialog
      name="fonts"
      onClose={onClose}
      disabled={uploading !== null || unchecked.length > 0}
      change={() => ({ fonts: { list: list.map((font) => ({ face: font.face, supported: supportedOf(font) })), include } })}
    >
      <Switch checked={include} onChange={(_, d) => setInclude(d.checked)} label={t('testDialogs.fonts.include')} />
      <Text size={200}>{t('testDialogs.fonts.help')}</Text>
      {list.length === 0 && <Text>{t('testDialogs.fonts.none')}</Text>}
      <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 8 }}>
        {list.map((font, index) => {
          const known = checked[normaliseFontFace(font.face)];
          return (
            <li key={font.face} className={styles.row} data-testid="font-row">
              <Text
                className={styles.face}
                title={font.face}
                style={{ fontFamily: testFontStack([font.face], 'var(--fontFamilyBase)') }}
                data-testid="font-sample"
              >
                {font.face}
              </Text>
              {known === undefined ? (
                <Spinner size="tiny" aria-label={t('common.loading')} />
              ) : known ? (
                <Badge appearance="tint" color="success" data-testid="font-status">
                  {t('testDialogs.fonts.available')}
                </Badge>
              ) : (
                <Badge appearance="tint" color="warning" data-testid="font-status">
                  {t('testDialogs.fonts.missing')}
                </Badge>
              )}
              {known === false &&
                (uploading === font.face ? (
                  <Spinner size="tiny" />
                ) : (
                  <FontPicker
                    label={t('wordUpload.chooseFont')}
                    face={font.face}
                    disabled={uploading !== null}
                    onPicked={(file) => void upload(font.face, file)}
                  />
                ))}
              <RemoveButton label={t('testDialogs.fonts.remove', { face: font.face })} onClick={() => setList(list.filter((_, i) => i !== index))} />
            </li>
          );
        })}
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
    </TestChangeDialog>
  );
}
