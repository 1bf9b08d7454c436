import { Link } from '@fluentui/react-components';
import { ArrowDownloadRegular, BookOpenRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { WORD_GUIDE_URL, WORD_SAMPLE_URL } from '@shared/parser/links';

/** The guide to the Word format (a new tab) and the sample document (a download), as the Bulk Upload and Upload word file modals show them. */
export function WordFormatLinks() {
  const { t } = useTranslation();
  const item = { display: 'inline-flex', alignItems: 'center', gap: 4 } as const;
  return (
    <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }} data-testid="word-format-links">
      <Link href={WORD_GUIDE_URL} target="_blank" rel="noopener" style={item} data-testid="word-guide-link">
        <BookOpenRegular /> {t('wordUpload.guide')}
      </Link>
      <Link href={WORD_SAMPLE_URL} download style={item} data-testid="word-sample-link">
        <ArrowDownloadRegular /> {t('wordUpload.sample')}
      </Link>
    </div>
  );
}
