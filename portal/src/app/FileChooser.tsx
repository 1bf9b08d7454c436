import { forwardRef, useRef, type ReactElement } from 'react';
import { Button, Text } from '@fluentui/react-components';

/**
 * A button that opens the browser's file chooser, and the chosen file's name beside it: the
 * Word upload's and the file import's. The input is hidden (its own look cannot be styled) but
 * labelled, so tests and assistive tools can reach it; the ref lets a dialog clear it.
 */
export const FileChooser = forwardRef<
  HTMLInputElement,
  { label: string; icon: ReactElement; accept: string; fileName: string; disabled?: boolean; dataTestIdPrefix: string; onChoose: (file: File) => void }
>(function FileChooser({ label, icon, accept, fileName, disabled, dataTestIdPrefix, onChoose }, ref) {
  const input = useRef<HTMLInputElement | null>(null);
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
      <Button icon={icon} disabled={disabled} onClick={() => input.current?.click()}>
        {label}
      </Button>
      <Text data-testid={`${dataTestIdPrefix}-file-name`} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
        {fileName}
      </Text>
      <input
        ref={(el) => {
          input.current = el;
          if (typeof ref === 'function') ref(el);
          else if (ref) ref.current = el;
        }}
        type="file"
        accept={accept}
        aria-label={label}
        data-testid={`${dataTestIdPrefix}-file-input`}
        style={{ display: 'none' }}
        onChange={(event) => event.target.files?.[0] && onChoose(event.target.files[0])}
      />
    </div>
  );
});
