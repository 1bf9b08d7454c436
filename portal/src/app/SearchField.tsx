import { SearchBox, type SearchBoxProps } from '@fluentui/react-components';

/**
 * A search box without a visible label: `label`, its placeholder, says what it searches and names
 * it for screen readers too. `onSearch` gets the text as it is typed.
 */
export function SearchField({
  label,
  onSearch,
  ...box
}: Omit<SearchBoxProps, 'placeholder' | 'aria-label' | 'onChange'> & { label: string; onSearch: (text: string) => void }) {
  return <SearchBox {...box} placeholder={label} aria-label={label} onChange={(_, data) => onSearch(data.value)} />;
}
