import { useId, useState } from 'react';
import { Field, Input, InteractionTag, InteractionTagPrimary, InteractionTagSecondary, TagGroup } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { TAG_MAX_LENGTH } from '@shared/domain/names';
import { useApi } from '../../app/apiContext';
import { useDebouncedLoad } from '../../app/useDebouncedLoad';

/**
 * Tags as removable chips; typing and Enter (or a comma) adds one, with the user's existing tags
 * (GET /tags) suggested as they type.
 */
export function TagsField({ label, value, onChange, max }: { label: string; value: string[]; onChange: (tags: string[]) => void; max: number }) {
  const { t } = useTranslation();
  const api = useApi();
  const listId = useId();
  const [text, setText] = useState('');
  const [suggestions] = useDebouncedLoad(async () => (await api.tags({ search: text.trim() || undefined, isGlobal: false })).selfTags, [api, text]);
  const add = (raw: string) => {
    const tag = raw.trim().slice(0, TAG_MAX_LENGTH);
    if (tag && !value.includes(tag) && value.length < max) onChange([...value, tag]);
    setText('');
  };
  return (
    <Field label={label} hint={t('testDialogs.details.tagsHint')}>
      {value.length > 0 && (
        <TagGroup
          onDismiss={(_, d) => onChange(value.filter((tag) => tag !== d.value))}
          style={{ flexWrap: 'wrap', gap: 4, marginBottom: 4 }}
          data-testid="tags-chips"
          data-form-value
        >
          {value.map((tag) => (
            <InteractionTag key={tag} value={tag} size="small">
              <InteractionTagPrimary hasSecondaryAction>{tag}</InteractionTagPrimary>
              <InteractionTagSecondary aria-label={t('testDialogs.details.removeTag', { tag })} />
            </InteractionTag>
          ))}
        </TagGroup>
      )}
      <Input
        value={text}
        list={listId}
        maxLength={TAG_MAX_LENGTH}
        disabled={value.length >= max}
        onChange={(_, d) => (d.value.endsWith(',') ? add(d.value.slice(0, -1)) : setText(d.value))}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            add(text);
          }
        }}
        onBlur={() => text.trim() && add(text)}
        data-testid="tags-input"
      />
      <datalist id={listId}>
        {(suggestions ?? [])
          .filter((tag) => !value.includes(tag))
          .map((tag) => (
            <option key={tag} value={tag} />
          ))}
      </datalist>
    </Field>
  );
}
