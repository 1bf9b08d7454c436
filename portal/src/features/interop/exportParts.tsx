import { Caption1, MessageBar, MessageBarBody, MessageBarTitle, Radio, RadioGroup, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { INTEROP_EXPORT_FORMATS, type ExportLoss, type InteropExportFormat } from '@shared/contract/interop';

/** The formats a test goes out in, each with what it keeps and what it does not. */
export function FormatChoice({
  value,
  onChange,
  disabled,
}: {
  value: InteropExportFormat;
  onChange: (format: InteropExportFormat) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <RadioGroup
      value={value}
      disabled={disabled}
      onChange={(_, d) => onChange(d.value as InteropExportFormat)}
      aria-label={t('interop.export.format')}
      data-testid="interop-format"
    >
      {INTEROP_EXPORT_FORMATS.map((format) => (
        <Radio
          key={format}
          value={format}
          label={
            <>
              <Text weight="semibold">{t(`interop.formats.${format}`)}</Text>
              <br />
              <Caption1>{t(`interop.formatHints.${format}`)}</Caption1>
            </>
          }
        />
      ))}
    </RadioGroup>
  );
}

/** What the file could not hold, named with its questions; or that nothing was left out. */
export function LossList({ format, losses }: { format: InteropExportFormat; losses: ExportLoss[] }) {
  const { t } = useTranslation();
  const name = t(`interop.formats.${format}`);
  if (!losses.length) {
    return (
      <MessageBar intent="success" data-testid="interop-no-losses">
        <MessageBarBody>{t('interop.export.noLosses', { format: name })}</MessageBarBody>
      </MessageBar>
    );
  }
  return (
    <MessageBar intent="warning" layout="multiline" data-testid="interop-losses">
      <MessageBarBody>
        <MessageBarTitle>{t('interop.export.lossesTitle', { format: name })}</MessageBarTitle>
        <ul style={{ margin: '4px 0 0', paddingInlineStart: 18 }}>
          {losses.map((loss) => (
            <li key={loss.code} data-code={loss.code}>
              {t(`interop.losses.${loss.code}`, { count: loss.count, detail: loss.detail ?? '', defaultValue: loss.message })}
              {loss.questions.length > 0 && (
                <Caption1>
                  {' '}
                  ({loss.questions.slice(0, 12).join(', ')}
                  {loss.questions.length > 12 ? '…' : ''})
                </Caption1>
              )}
            </li>
          ))}
        </ul>
      </MessageBarBody>
    </MessageBar>
  );
}
