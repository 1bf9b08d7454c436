import { Badge, Subtitle2 } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { QUESTION_TYPES } from '../../domain/test/types';
import type { ParsedDocument } from '../../parser/types';

/** "12 questions found" with a count per question type (a comprehension counts its passage, its questions count themselves). */
export function ParseSummary({ parsed }: { parsed: ParsedDocument }) {
  const { t } = useTranslation();
  return (
    <div data-testid="word-summary" style={{ display: 'flex', flexDirection: 'column', gap: 6 }}>
      <Subtitle2>{t('wordUpload.found', { count: parsed.questionCount })}</Subtitle2>
      <div style={{ display: 'flex', gap: 6, flexWrap: 'wrap' }}>
        {QUESTION_TYPES.filter((type) => parsed.countsByType[type]).map((type) => (
          <Badge key={type} appearance="tint" color="informative" data-testid={`word-count-${type}`}>
            {`${t(`editor.type.${type}`)}: ${parsed.countsByType[type]}`}
          </Badge>
        ))}
      </div>
    </div>
  );
}
