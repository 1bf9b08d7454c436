import { useEffect, useState } from 'react';
import { Checkbox, Divider, Field, Input, Link, MessageBar, MessageBarBody, Radio, RadioGroup, Switch, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { applySettings, shuffleChoiceOf, TestRuleError, type SettingsPatch, type TestSettings } from '@shared/domain/test';
import { modelOf } from '../editorState';
import { pickLanguage } from '@shared/i18n/languages';
import { serverMessage } from '@shared/i18n/serverMessages';
import { useApi } from '@portal/app/apiContext';
import type { TestDialogProps } from './TestMenu';
import { TestChangeDialog } from './TestChangeDialog';
import { useEditorWrite } from '../useEditorWrite';
import { pickDefaultSettings } from '@shared/domain/testSettings';

/** The settings that are on or off, each a switch. */
type OnOffSetting = { [K in keyof TestSettings]: TestSettings[K] extends boolean ? K : never }[keyof TestSettings];

/**
 * Test settings (spec section 4). Each change goes through the shared applySettings on a copy
 * of the test, so the dialog follows the same rules the server enforces: RTG blocks turning
 * section switching off, the reveal time sets multiple-view, one shuffle choice.
 */
export function SettingsDialog({ test, onClose }: TestDialogProps) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const write = useEditorWrite();
  // My Library only: the Global Library's defaults are one set for everyone (CLP defaults).
  const [asDefaults, setAsDefaults] = useState(false);
  const [settings, setSettings] = useState<TestSettings>(test.settings);
  const [refusal, setRefusal] = useState<string | null>(null);
  // The fonts are saved by their own dialog.
  const { fonts: _fonts, ...chosen } = settings;

  const change = (patch: SettingsPatch) => {
    const copy = structuredClone({ ...modelOf(test), settings });
    try {
      setSettings(applySettings(copy, patch));
      setRefusal(null);
    } catch (error) {
      if (!(error instanceof TestRuleError)) throw error;
      setRefusal(serverMessage(pickLanguage(i18n.language), error.key, error.params));
    }
  };
  const toggle = (setting: OnOffSetting, label: string, dataTestId?: string) => (
    <Switch
      checked={settings[setting]}
      label={t(`testDialogs.settings.${label}`)}
      onChange={(_, d) => change({ [setting]: d.checked })}
      data-testid={dataTestId}
    />
  );
  const rtgTotal = (sectionId: string) => settings.settingsForRTG[sectionId]?.totalQuestions;
  const rtgProblems = settings.generateRandomTest
    ? test.sections.flatMap((section) => {
        const total = rtgTotal(section._id) ?? 0;
        if (total > section.numberOfQuestions) return [t('testDialogs.settings.rtgTooMany', { name: section.name, count: section.numberOfQuestions })];
        if (total === 0) return [t('testDialogs.settings.rtgNone', { name: section.name })];
        return [];
      })
    : [];
  const blocking = settings.generateRandomTest && test.sections.some((s) => (rtgTotal(s._id) ?? 0) > s.numberOfQuestions);

  const [sampleReportUrl, setSampleReportUrl] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    api.sampleReportUrl().then(
      ({ url }) => current && setSampleReportUrl(url),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [api]);

  return (
    <TestChangeDialog
      name="settings"
      wide
      disabled={blocking}
      onClose={onClose}
      change={() => ({ settings: chosen })}
      afterSave={async () => !asDefaults || write(() => api.updateDefaultSettings(pickDefaultSettings(chosen)), t('testDialogs.settings.defaultsSaved'))}
    >
      {refusal && (
        <MessageBar intent="warning" data-testid="settings-refusal">
          <MessageBarBody>{refusal}</MessageBarBody>
        </MessageBar>
      )}
      <Text weight="semibold">{t('testDialogs.settings.sections')}</Text>
      {toggle('isSectionSwitchingEnabled', 'sectionSwitching', 'setting-section-switching')}
      {toggle('isSectionalSubmit', 'sectionalSubmit')}
      {toggle('hasOptionalQuestions', 'optionalQuestions')}
      <Divider />
      {toggle('generateRandomTest', 'rtg', 'setting-rtg')}
      {settings.generateRandomTest && (
        <div style={{ display: 'flex', flexDirection: 'column', gap: 8, paddingInlineStart: 12 }} data-testid="rtg-sections">
          <Text size={200}>{t('testDialogs.settings.rtgHelp')}</Text>
          {test.sections.map((section) => (
            <Field
              key={section._id}
              label={t('testDialogs.settings.rtgSection', { name: section.name, count: section.numberOfQuestions })}
              orientation="horizontal"
            >
              <Input
                inputMode="numeric"
                value={String(rtgTotal(section._id) ?? '')}
                onChange={(_, d) => {
                  const totalQuestions = Number(d.value.replace(/\D/g, '').slice(0, 4) || 0);
                  // Totals are replaced as a whole; the client checks "too many" itself to show it live.
                  const entries = { ...settings.settingsForRTG, [section._id]: { totalQuestions } };
                  setSettings({ ...settings, settingsForRTG: entries });
                }}
              />
            </Field>
          ))}
          {rtgProblems.map((problem) => (
            <Text key={problem} role="alert" style={{ color: tokens.colorPaletteDarkOrangeForeground1 }} data-testid="rtg-warning">
              {problem}
            </Text>
          ))}
        </div>
      )}
      <Divider />
      <Text weight="semibold">{t('testDialogs.settings.shuffle')}</Text>
      <RadioGroup
        value={shuffleChoiceOf(settings)}
        onChange={(_, d) => change({ shuffle: d.value as 'none' })}
        layout="horizontal"
        data-testid="setting-shuffle"
      >
        {(['none', 'questions', 'options', 'both'] as const).map((choice) => (
          <Radio key={choice} value={choice} label={t(`testDialogs.settings.shuffleChoice.${choice}`)} />
        ))}
      </RadioGroup>
      <Divider />
      <Text weight="semibold">{t('testDialogs.settings.results')}</Text>
      {toggle('showAnswers', 'showAnswers', 'setting-show-answers')}
      {settings.showAnswers && (
        <div style={{ display: 'flex', flexDirection: 'column', gap: 8, paddingInlineStart: 12 }}>
          <Field label={t('testDialogs.settings.revealWhich')}>
            <RadioGroup
              value={settings.revealCorrectAnswers}
              onChange={(_, d) => change({ revealCorrectAnswers: d.value as TestSettings['revealCorrectAnswers'] })}
              layout="horizontal"
            >
              <Radio value="all_questions" label={t('testDialogs.settings.revealAll')} />
              <Radio value="incorrect_questions" label={t('testDialogs.settings.revealIncorrect')} />
            </RadioGroup>
          </Field>
          <Field label={t('testDialogs.settings.revealWhen')}>
            <RadioGroup
              value={settings.revealAnswersTime}
              onChange={(_, d) => change({ revealAnswersTime: d.value as TestSettings['revealAnswersTime'] })}
              layout="horizontal"
              data-testid="setting-reveal-time"
            >
              <Radio value="now" label={t('testDialogs.settings.revealNow')} />
              <Radio value="later" label={t('testDialogs.settings.revealLater')} />
            </RadioGroup>
          </Field>
          {toggle('showSolutions', 'showSolutions')}
          {toggle('isSolutionMultipleViewEnabled', 'multipleView', 'setting-multiple-view')}
        </div>
      )}
      {!test.isGlobal && (
        <>
          <Divider />
          <Checkbox
            checked={asDefaults}
            onChange={(_, d) => setAsDefaults(Boolean(d.checked))}
            label={t('testDialogs.settings.saveAsDefaults')}
            data-testid="settings-as-defaults"
          />
        </>
      )}
      {sampleReportUrl && (
        <Link href={sampleReportUrl} target="_blank" rel="noopener noreferrer" data-testid="sample-report-link">
          {t('testDialogs.settings.sampleReport')}
        </Link>
      )}
    </TestChangeDialog>
  );
}
