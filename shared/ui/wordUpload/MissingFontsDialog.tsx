import { useRef, useState } from 'react';
import { Body1, Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Spinner, Text } from '@fluentui/react-components';
import { CheckmarkCircleFilled } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { FontEntry } from '../../api/parser';

export const FONT_FILES = '.ttf,.otf,.ttc,.woff,.woff2';

/**
 * The missing-font modal (spec section 4, Fonts): each face the server does not know gets a file
 * picker; a face is done once its file is uploaded; Continue lets the pending upload proceed when
 * none is missing. A failed upload says 'Failed to add font files' (through `onError`).
 */
export function MissingFontsDialog(props: {
  faces: string[];
  uploadFont: (file: File, face: string) => Promise<FontEntry>;
  onError: (message: string) => void;
  onContinue: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [added, setAdded] = useState<string[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const missing = props.faces.filter((face) => !added.includes(face));
  const upload = async (face: string, file: File | undefined) => {
    if (!file) return;
    setBusy(face);
    try {
      await props.uploadFont(file, face);
      setAdded((list) => [...list, face]);
    } catch {
      props.onError(t('wordUpload.fontsFailed'));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Dialog open modalType="alert" onOpenChange={(_, data) => !data.open && props.onCancel()}>
      <DialogSurface data-testid="missing-fonts-dialog">
        <DialogBody>
          <DialogTitle>{t('wordUpload.missingFontsTitle')}</DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
            <Body1>{t('wordUpload.missingFontsBody')}</Body1>
            <ul style={{ margin: 0, padding: 0, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: 8 }}>
              {props.faces.map((face) => (
                <li key={face} data-testid="missing-font" style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 12 }}>
                  <Text weight="semibold" style={{ overflowWrap: 'anywhere' }}>
                    {face}
                  </Text>
                  {added.includes(face) ? (
                    <Text style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
                      <CheckmarkCircleFilled color="green" /> {t('wordUpload.fontUploaded')}
                    </Text>
                  ) : busy === face ? (
                    <Spinner size="tiny" />
                  ) : (
                    <FontPicker label={t('wordUpload.chooseFont')} face={face} disabled={busy !== null} onPicked={(file) => void upload(face, file)} />
                  )}
                </li>
              ))}
            </ul>
          </DialogContent>
          <DialogActions>
            <Button onClick={props.onCancel}>{t('common.cancel')}</Button>
            <Button appearance="primary" disabled={missing.length > 0 || busy !== null} onClick={props.onContinue}>
              {t('wordUpload.continueUpload')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

export function FontPicker({
  label,
  face,
  disabled,
  onPicked,
}: {
  label: string;
  face: string;
  disabled: boolean;
  onPicked: (file: File | undefined) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button size="small" disabled={disabled} onClick={() => input.current?.click()}>
        {label}
      </Button>
      <input
        ref={input}
        type="file"
        accept={FONT_FILES}
        aria-label={`${label}: ${face}`}
        style={{ display: 'none' }}
        onChange={(event) => onPicked(event.target.files?.[0])}
      />
    </>
  );
}
