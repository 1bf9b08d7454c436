import { Caption1 } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { ItemLocation as Location } from '../api/libraryTypes';

/** Where a search hit lives ("in Maths › Algebra"; the portal's library and the add-in's test picker, issue 14). */
export function ItemLocation({ location, className }: { location: Location | undefined; className?: string }) {
  const { t } = useTranslation();
  if (!location) return null;
  const path = location.map((folder) => folder.name).join(' › ');
  return (
    <Caption1
      className={className}
      data-testid="item-location"
      title={path || undefined}
      style={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
    >
      {path ? t('library.inFolder', { path }) : t('library.inTopLevel')}
    </Caption1>
  );
}
