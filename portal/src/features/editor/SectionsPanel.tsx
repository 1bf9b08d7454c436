import { useState } from 'react';
import { Button, Checkbox, Field, Input, Text, Textarea, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { AddRegular, ArrowDownRegular, ArrowUpRegular, DeleteRegular, EditRegular, ReOrderDotsVerticalRegular } from '@fluentui/react-icons';
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useTranslation } from 'react-i18next';
import type { EditorSection } from '@shared/api/testTypes';
import { addSection, deleteSection, moveSection, sectionSelected, updateSection, selectEditor } from './editorState';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { FormDialog } from '../../app/FormDialog';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog';
import { useEditorWrite } from './useEditorWrite';
import { DurationFields, type Duration } from './DurationFields';
import { RowAction } from './RowAction';
import { framed } from '../../app/surfaces';

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  item: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalXS}`,
    ...framed,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  selected: { border: `1px solid ${tokens.colorBrandStroke1}`, backgroundColor: tokens.colorBrandBackground2 },
  name: {
    flexGrow: 1,
    minWidth: 0,
    textAlign: 'start',
    background: 'none',
    border: 'none',
    cursor: 'pointer',
    padding: 0,
    font: 'inherit',
    color: 'inherit',
    display: 'flex',
    flexDirection: 'column',
    borderRadius: tokens.borderRadiusSmall,
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
  ellipsis: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  // 24 × 24 at least (WCAG 2.5.8 target size), with a visible ring when reached by keyboard.
  handle: {
    cursor: 'grab',
    touchAction: 'none',
    flexShrink: 0,
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    minWidth: '24px',
    minHeight: '24px',
    borderRadius: tokens.borderRadiusMedium,
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '1px' },
  },
});

type SectionDialogState = { kind: 'details'; section: EditorSection } | { kind: 'delete'; section: EditorSection } | null;

/** The sections panel: add, select, details, delete with confirmation, reorder (drag and drop, or move up/down). */
export function SectionsPanel({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const dispatch = useAppDispatch();
  const run = useEditorWrite();
  const sections = useAppSelector((s) => selectEditor(s).test?.sections ?? []);
  const selectedId = useAppSelector((s) => selectEditor(s).selectedSectionId);
  const attempted = useAppSelector((s) => Boolean(selectEditor(s).test?.isAttempted));
  const [dialog, setDialog] = useState<SectionDialogState>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const move = (sourceSectionId: string, targetSectionId: string) => run(() => dispatch(moveSection({ sourceSectionId, targetSectionId })).unwrap());
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) void move(String(active.id), String(over.id));
  };

  return (
    <nav className={styles.panel} aria-label={t('editor.sections')} data-testid="sections-panel">
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 }}>
        <Text weight="semibold">{t('editor.sections')}</Text>
        {!readOnly && (
          <Button
            size="small"
            icon={<AddRegular />}
            onClick={() =>
              run(() => dispatch(addSection({ name: t('editor.sectionDefaultName', { n: sections.length + 1 }) })).unwrap(), t('editor.toast.sectionAdded'))
            }
          >
            {t('editor.addSection')}
          </Button>
        )}
      </div>
      {sections.length === 0 ? (
        <Text size={200} data-testid="sections-empty">
          {t('editor.noSections')}
        </Text>
      ) : (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={sections.map((s) => s._id)} strategy={verticalListSortingStrategy}>
            <ol className={styles.list}>
              {sections.map((section, index) => (
                <SectionItem
                  key={section._id}
                  section={section}
                  selected={section._id === selectedId}
                  readOnly={readOnly}
                  onSelect={() => dispatch(sectionSelected(section._id))}
                  onDetails={() => setDialog({ kind: 'details', section })}
                  // Sections of an attempted test are not deleted (spec section 4; the server refuses).
                  onDelete={attempted ? undefined : () => setDialog({ kind: 'delete', section })}
                  onUp={index > 0 ? () => move(section._id, sections[index - 1]._id) : undefined}
                  onDown={index < sections.length - 1 ? () => move(section._id, sections[index + 1]._id) : undefined}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
      {dialog?.kind === 'details' && <SectionDetailsDialog section={dialog.section} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'delete' && (
        <ConfirmDeleteDialog
          dataTestId="section-delete-dialog"
          title={t('editor.deleteSectionTitle')}
          remove={() => dispatch(deleteSection(dialog.section._id)).unwrap()}
          removed={t('editor.toast.sectionDeleted')}
          onClose={() => setDialog(null)}
        >
          <Text style={{ overflowWrap: 'anywhere' }}>{t('editor.deleteSectionBody', { name: dialog.section.name })}</Text>
        </ConfirmDeleteDialog>
      )}
    </nav>
  );
}

function SectionItem({
  section,
  selected,
  readOnly,
  onSelect,
  onDetails,
  onDelete,
  onUp,
  onDown,
}: {
  section: EditorSection;
  selected: boolean;
  readOnly: boolean;
  onSelect: () => void;
  onDetails: () => void;
  onDelete?: () => void;
  onUp?: () => void;
  onDown?: () => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: section._id, disabled: readOnly });
  return (
    <li
      ref={setNodeRef}
      data-testid="section-item"
      data-selected={selected}
      className={mergeClasses(styles.item, selected && styles.selected)}
      style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : 1 }}
    >
      {!readOnly && (
        <span className={styles.handle} {...attributes} {...listeners} aria-label={t('editor.dragSection', { name: section.name })} data-testid="section-drag">
          <ReOrderDotsVerticalRegular />
        </span>
      )}
      <button type="button" className={styles.name} onClick={onSelect} aria-current={selected ? 'true' : undefined} title={section.name}>
        <span className={styles.ellipsis} data-testid="section-name">
          {section.order}. {section.name}
        </span>
        <Text size={200} className={styles.ellipsis}>
          {t('editor.sectionSummary', { count: section.numberOfQuestions })} · {t('editor.sectionMarks', { count: section.sectionMarks })}
        </Text>
      </button>
      {!readOnly && (
        <>
          <RowAction icon={<ArrowUpRegular />} disabled={!onUp} onClick={onUp} label={t('editor.moveUp', { name: section.name })} />
          <RowAction icon={<ArrowDownRegular />} disabled={!onDown} onClick={onDown} label={t('editor.moveDown', { name: section.name })} />
          <RowAction icon={<EditRegular />} onClick={onDetails} label={t('editor.sectionDetailsFor', { name: section.name })} />
          {onDelete && <RowAction icon={<DeleteRegular />} onClick={onDelete} label={t('editor.deleteSectionFor', { name: section.name })} />}
        </>
      )}
    </li>
  );
}

/**
 * Optional questions, "attempt any N of M" (issue 17): a tick and N, from 1 to the section's
 * questions; only while the test's settings have optional questions on.
 */
function AttemptAnyField({
  value,
  onChange,
  total,
  available,
  invalid,
}: {
  value: string | null;
  onChange: (value: string | null) => void;
  total: number;
  available: boolean;
  invalid: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Field
      label={t('editor.attemptAny.label')}
      hint={available ? t('editor.attemptAny.hint') : t('editor.attemptAny.needsSetting')}
      validationMessage={invalid ? t('editor.attemptAny.range', { count: total }) : undefined}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' }}>
        <Checkbox
          checked={value !== null}
          disabled={!available}
          label={t('editor.attemptAny.tick')}
          onChange={(_, d) => onChange(d.checked ? String(Math.max(1, total - 1)) : null)}
          data-testid="section-attempt-any-on"
        />
        {value !== null && (
          <>
            <Input
              style={{ width: '72px' }}
              inputMode="numeric"
              value={value}
              aria-label={t('editor.attemptAny.count')}
              onChange={(_, d) => onChange(d.value.replace(/\D/g, '').slice(0, 4))}
              data-testid="section-attempt-any"
            />
            <Text>{t('editor.attemptAny.ofTotal', { count: total })}</Text>
          </>
        )}
      </div>
    </Field>
  );
}

/** Section details: name, duration (hours and minutes, digits only), instructions, and "attempt any N of M". */
function SectionDetailsDialog({ section, onClose }: { section: EditorSection; onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const run = useEditorWrite();
  const optionalOn = useAppSelector((s) => Boolean(selectEditor(s).test?.settings.hasOptionalQuestions));
  const [attemptAny, setAttemptAny] = useState<string | null>(
    section.attemptAny !== null && section.attemptAny !== undefined ? String(section.attemptAny) : null,
  );
  const anyNumber = attemptAny === null ? null : Number(attemptAny);
  const anyInvalid = anyNumber !== null && (!Number.isInteger(anyNumber) || anyNumber < 1 || anyNumber > section.numberOfQuestions);
  const [name, setName] = useState(section.name);
  const [duration, setDuration] = useState<Duration>({ hours: String(section.sectionHours), minutes: String(section.sectionMinutes) });
  const [instructions, setInstructions] = useState(section.sectionInstructions ?? section.instructions);
  const [touched, setTouched] = useState(false);
  const blank = !name.trim();
  return (
    <FormDialog
      dataTestId="section-dialog"
      title={t('editor.sectionDetails')}
      submitLabel={t('common.save')}
      onClose={onClose}
      onSubmit={async () => {
        setTouched(true);
        if (blank || anyInvalid) return;
        const ok = await run(
          () =>
            dispatch(
              updateSection({
                sectionId: section._id,
                name: name.trim(),
                instructions,
                sectionHours: Number(duration.hours || 0),
                sectionMinutes: Number(duration.minutes || 0),
                ...(optionalOn ? { attemptAny: anyNumber } : {}),
              }),
            ).unwrap(),
          t('editor.toast.sectionUpdated'),
        );
        if (ok) onClose();
      }}
    >
      <Field label={t('editor.sectionName')} required validationMessage={touched && blank ? t('editor.required') : undefined}>
        <Input value={name} maxLength={200} onChange={(_, d) => setName(d.value)} />
      </Field>
      <DurationFields value={duration} onChange={setDuration} />
      <Field label={t('editor.sectionInstructions')}>
        <Textarea value={instructions} onChange={(_, d) => setInstructions(d.value)} resize="vertical" />
      </Field>
      <AttemptAnyField value={attemptAny} onChange={setAttemptAny} total={section.numberOfQuestions} available={optionalOn} invalid={anyInvalid} />
    </FormDialog>
  );
}
