import { useState } from 'react';
import { Button } from '@fluentui/react-components';
import { LinkRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { FreeTestDialog } from './FreeTestDialog';

/** The editor bar's entry to the free-test dialog (spec section 2, editor dialogs). */
export function FreeTestButton({ testId, testName }: { testId: string; testName: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<LinkRegular />} onClick={() => setOpen(true)} data-testid="editor-free-test">
        {t('freeTest.menu')}
      </Button>
      {open && <FreeTestDialog testId={testId} testName={testName} onClose={() => setOpen(false)} />}
    </>
  );
}
