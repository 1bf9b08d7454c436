import { useState } from 'react';
import { Field, Input, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { Breadcrumb } from '@shared/api/libraryTypes';
import { NAME_MAX_LENGTH, TEST_TAGS_MAX } from '@shared/domain/names';
import { ROOT_FOLDER_ID } from '../../library/librarySlice';
import { FolderBrowser } from '../../library/dialogs/FolderBrowser';
import { DurationFields, durationFields, durationMs } from '../DurationFields';
import { TagsField } from '../TagsField';
import type { TestDialogProps } from './TestMenu';
import { TestChangeDialog } from './TestChangeDialog';

/** Edit test details: name, duration (digits only), tags and the folder it lives in. */
export function DetailsDialog({ test, onClose }: TestDialogProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(test.name);
  const [duration, setDuration] = useState(() => durationFields(test.duration));
  const [tags, setTags] = useState(test.tags);
  // The folder is only changed when the user browses somewhere (the path to the current one is not loaded).
  const [place, setPlace] = useState<Breadcrumb[] | null>(null);
  const [touched, setTouched] = useState(false);
  const blank = !name.trim();
  const folderId = place ? (place.at(-1)?._id ?? ROOT_FOLDER_ID) : test.parentFolder;
  return (
    <TestChangeDialog
      name="details"
      wide
      onClose={onClose}
      change={() => {
        setTouched(true);
        if (blank) return null;
        return { name: name.trim(), duration: durationMs(duration), tags, ...(folderId !== test.parentFolder ? { parentFolderId: folderId } : {}) };
      }}
    >
      <Field label={t('testDialogs.details.name')} required validationMessage={touched && blank ? t('editor.required') : undefined}>
        <Input value={name} maxLength={NAME_MAX_LENGTH} onChange={(_, d) => setName(d.value)} data-testid="details-name" />
      </Field>
      <DurationFields value={duration} onChange={setDuration} />
      <TagsField label={t('testDialogs.details.tags')} value={tags} onChange={setTags} max={TEST_TAGS_MAX} />
      <Text weight="semibold">{t('testDialogs.details.folder')}</Text>
      <FolderBrowser
        isGlobal={test.isGlobal}
        place={place ?? []}
        onPlaceChange={setPlace}
        emptyHint={t('testDialogs.details.noSubfolders')}
        dataTestId="details-folders"
      />
      <Text size={200} data-testid="details-folder-choice" data-form-value>
        {place === null
          ? t('testDialogs.details.folderUnchanged')
          : t('testDialogs.details.folderChosen', { name: place.at(-1)?.name ?? t(test.isGlobal ? 'home.globalLibraryTitle' : 'home.myLibraryTitle') })}
      </Text>
    </TestChangeDialog>
  );
}
