import { Link } from '@fluentui/react-components';
import { ArrowDownloadRegular, BookOpenRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { wordGuideUrl, wordSampleUrl } from '@shared/parser/links';

/** The guide to the Word format (a new tab) and the sample document (a download), in the user's language, as the Bulk Upload and Upload word file modals show them. */
export function WordFormatLinks() {
  const { t, i18n } = useTranslation();
  const item = { display: 'inline-flex', alignItems: 'center', gap: 4 } as const;
  return (
    <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }} data-testid="word-format-links">
      <Link href={wordGuideUrl(i18n.language)} target="_blank" rel="noopener" style={item} data-testid="word-guide-link">
        <BookOpenRegular /> {t('wordUpload.guide')}
      </Link>
      <Link href={wordSampleUrl(i18n.language)} download style={item} data-testid="word-sample-link">
        <ArrowDownloadRegular /> {t('wordUpload.sample')}
      </Link>
    </div>
  );
}
