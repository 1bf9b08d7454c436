import { useState } from 'react';
import { Combobox, Option } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../app/apiContext';
import { useDebouncedLoad } from '../../app/useDebouncedLoad';

/** Filters the tests by tags (GET /tags: the user's own tags, and in the Global Library its tags). */
export function TagFilter({ isGlobal, value, onChange }: { isGlobal: boolean; value: string[]; onChange: (tags: string[]) => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const [search, setSearch] = useState('');
  const [tags] = useDebouncedLoad(async () => {
    const found = await api.tags({ search: search || undefined, isGlobal });
    return isGlobal ? found.globalTags : found.selfTags;
  }, [api, search, isGlobal]);

  const options = [...new Set([...value, ...(tags ?? [])])];
  return (
    <Combobox
      multiselect
      placeholder={value.length ? t('library.tagsChosen', { count: value.length }) : t('library.filterByTags')}
      aria-label={t('library.filterByTags')}
      selectedOptions={value}
      value={search}
      onChange={(event) => setSearch(event.target.value)}
      onOptionSelect={(_, data) => {
        onChange(data.selectedOptions);
        setSearch('');
      }}
      onOpenChange={(_, data) => !data.open && setSearch('')}
      data-testid="tag-filter"
    >
      {options.length === 0 ? (
        <Option disabled value="" text="">
          {t('library.noTags')}
        </Option>
      ) : (
        options.map((tag) => (
          <Option key={tag} value={tag} text={tag}>
            {tag}
          </Option>
        ))
      )}
    </Combobox>
  );
}
