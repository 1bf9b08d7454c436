import { useState } from 'react';
import { Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import {
  ArrowExportRegular,
  ClockRegular,
  DocumentTextRegular,
  TranslateRegular,
  EditRegular,
  ArrowRepeatAllRegular,
  RibbonRegular,
  SettingsRegular,
  TextFontRegular,
  ChevronDownRegular,
} from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { EditorTest } from '@shared/api/testTypes';
import { InstructionsDialog } from './InstructionsDialog';
import { DetailsDialog } from './DetailsDialog';
import { DurationDialog } from './DurationDialog';
import { AttemptsDialog } from './AttemptsDialog';
import { GradesDialog } from './GradesDialog';
import { FontsDialog } from './FontsDialog';
import { SettingsDialog } from './SettingsDialog';
import { LanguagesDialog } from '../multilingual/LanguagesDialog';
import { useAppSelector } from '@portal/app/hooks';
import { ExportDialog } from '../../interop/ExportDialog';

const DIALOGS = {
  details: { icon: <EditRegular />, Dialog: DetailsDialog },
  instructions: { icon: <DocumentTextRegular />, Dialog: InstructionsDialog },
  duration: { icon: <ClockRegular />, Dialog: DurationDialog },
  attempts: { icon: <ArrowRepeatAllRegular />, Dialog: AttemptsDialog },
  grades: { icon: <RibbonRegular />, Dialog: GradesDialog },
  fonts: { icon: <TextFontRegular />, Dialog: FontsDialog },
  settings: { icon: <SettingsRegular />, Dialog: SettingsDialog },
  languages: { icon: <TranslateRegular />, Dialog: LanguagesDialog },
  export: { icon: <ArrowExportRegular />, Dialog: ExportDialog },
} as const;

type DialogName = keyof typeof DIALOGS;

export interface TestDialogProps {
  test: EditorTest;
  onClose: () => void;
}

/** The editor's test menu: the test-level dialogs of spec section 2, one open at a time. */
export function TestMenu({ test }: { test: EditorTest }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<DialogName | null>(null);
  // Multilingual (TB) tests are a feature of the organisation (isTbTestEnabled); the server checks it too.
  const tbTests = useAppSelector((s) => Boolean(s.auth.user?.isTbTestEnabled));
  const names = (Object.keys(DIALOGS) as DialogName[]).filter((name) => name !== 'languages' || tbTests);
  const Open = open ? DIALOGS[open].Dialog : null;
  return (
    <>
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          <Button icon={<SettingsRegular />} iconPosition="before" data-testid="test-menu">
            {t('testDialogs.menu')} <ChevronDownRegular />
          </Button>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            {names.map((name) => (
              <MenuItem key={name} icon={DIALOGS[name].icon} onClick={() => setOpen(name)} data-testid={`test-menu-${name}`}>
                {t(`testDialogs.${name}.title`)}
              </MenuItem>
            ))}
          </MenuList>
        </MenuPopover>
      </Menu>
      {Open && <Open test={test} onClose={() => setOpen(null)} />}
    </>
  );
}
