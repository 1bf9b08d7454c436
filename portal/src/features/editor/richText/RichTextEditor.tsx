import { useEffect, useRef, useState } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { TableKit } from '@tiptap/extension-table';
import Image from '@tiptap/extension-image';
import Subscript from '@tiptap/extension-subscript';
import Superscript from '@tiptap/extension-superscript';
import { Field, makeStyles, Spinner, Toolbar, ToolbarButton, ToolbarDivider, ToolbarToggleButton, tokens, Tooltip } from '@fluentui/react-components';
import {
  Image20Regular,
  MathFormula20Regular,
  Table20Regular,
  TextBold20Regular,
  TextBulletList20Regular,
  TextItalic20Regular,
  TextNumberListLtr20Regular,
  TextSubscript20Regular,
  TextSuperscript20Regular,
  TextUnderline20Regular,
} from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { MathPreview } from './MathPreview';
import { usePictureUpload } from './usePictureUpload';
import { PICTURE_CONTENT_TYPES } from '@shared/domain/pictures';

const useStyles = makeStyles({
  frame: {
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    // A ring a keyboard user sees (issue 17): the editable area itself draws no outline.
    ':focus-within': {
      borderBottomColor: tokens.colorCompoundBrandStroke,
      outlineWidth: '2px',
      outlineStyle: 'solid',
      outlineColor: tokens.colorCompoundBrandStroke,
      outlineOffset: '-1px',
    },
  },
  toolbar: { borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, flexWrap: 'wrap' },
  content: {
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    '& .ProseMirror': { minHeight: '72px', outline: 'none' },
    '& .ProseMirror p': { margin: `0 0 ${tokens.spacingVerticalXS}` },
    '& table': { borderCollapse: 'collapse', margin: `${tokens.spacingVerticalS} 0` },
    '& td, & th': { border: `1px solid ${tokens.colorNeutralStroke1}`, padding: '4px 8px', minWidth: '40px' },
    '& img': { maxWidth: '100%', height: 'auto' },
    '& .selectedCell': { backgroundColor: tokens.colorBrandBackground2 },
  },
});

export interface RichTextEditorProps {
  label: string;
  value: string;
  onChange: (html: string) => void;
  /** Uploads a picture and answers its URL; by default through the server's signed upload links. */
  onUploadImage?: (file: File) => Promise<string>;
  required?: boolean;
  validationMessage?: string;
  dataTestId?: string;
}

/** An empty editor still holds `<p></p>`; the stored text is empty then. */
const normalised = (html: string) => (html === '<p></p>' ? '' : html);

/**
 * Rich text for questions, options, solutions and paragraphs (Tiptap / ProseMirror): bold, italic,
 * underline, sub- and superscript, lists, tables, pictures, and LaTeX maths typed between `$...$`
 * with a live KaTeX preview.
 */
export function RichTextEditor({ label, value, onChange, onUploadImage, required, validationMessage, dataTestId }: RichTextEditorProps) {
  const styles = useStyles();
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const defaultUpload = usePictureUpload();
  const upload = useRef(onUploadImage ?? defaultUpload);
  upload.current = onUploadImage ?? defaultUpload;
  const [uploading, setUploading] = useState(0);
  /** Uploads pictures (chosen, pasted or dropped) and inserts each where the cursor is, at its natural size. */
  const insertPictures = useRef(async (target: Editor, files: File[]) => {
    for (const file of files) {
      setUploading((n) => n + 1);
      try {
        const src = await upload.current(file);
        target.chain().focus().setImage({ src, alt: file.name }).run();
      } catch {
        /* refused or failed: the user was told by a toast */
      } finally {
        setUploading((n) => n - 1);
      }
    }
  });
  const picturesOf = (data: DataTransfer | null) => [...(data?.files ?? [])].filter((file) => file.type.startsWith('image/'));
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: false, codeBlock: false, blockquote: false, horizontalRule: false, link: false }),
      Subscript,
      Superscript,
      TableKit.configure({ table: { resizable: false } }),
      Image.configure({ inline: true }),
    ],
    content: value,
    onUpdate: ({ editor: current }) => onChangeRef.current(normalised(current.getHTML())),
    editorProps: {
      attributes: { 'aria-label': label, 'aria-multiline': 'true', role: 'textbox', ...(dataTestId ? { 'data-testid': dataTestId } : {}) },
      // Pasted or dropped pictures are uploaded like chosen ones (never kept as data: URLs).
      handlePaste: (_view, event) => {
        const files = picturesOf(event.clipboardData);
        if (!files.length || !editorRef.current) return false;
        void insertPictures.current(editorRef.current, files);
        return true;
      },
      handleDrop: (_view, event) => {
        const files = picturesOf((event as DragEvent).dataTransfer);
        if (!files.length || !editorRef.current) return false;
        void insertPictures.current(editorRef.current, files);
        return true;
      },
    },
  });
  const editorRef = useRef<Editor | null>(null);
  editorRef.current = editor;

  // A value set from outside (another question opened) replaces the content.
  useEffect(() => {
    if (editor && normalised(editor.getHTML()) !== value) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <Field label={label} required={required} validationMessage={validationMessage}>
      <div className={styles.frame}>
        {editor && <RichTextToolbar editor={editor} uploading={uploading > 0} onChoosePictures={(files) => void insertPictures.current(editor, files)} />}
        <EditorContent editor={editor} className={styles.content} />
      </div>
      <MathPreview html={value} />
    </Field>
  );
}

function RichTextToolbar({ editor, uploading, onChoosePictures }: { editor: Editor; uploading: boolean; onChoosePictures: (files: File[]) => void }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const fileInput = useRef<HTMLInputElement>(null);
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      subscript: e.isActive('subscript'),
      superscript: e.isActive('superscript'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
    }),
  });
  const checked = Object.entries(active)
    .filter(([, on]) => on)
    .map(([name]) => name);
  const chain = () => editor.chain().focus();
  const toggles = [
    { name: 'bold', icon: <TextBold20Regular />, run: () => chain().toggleBold().run() },
    { name: 'italic', icon: <TextItalic20Regular />, run: () => chain().toggleItalic().run() },
    { name: 'underline', icon: <TextUnderline20Regular />, run: () => chain().toggleUnderline().run() },
    { name: 'subscript', icon: <TextSubscript20Regular />, run: () => chain().toggleSubscript().run() },
    { name: 'superscript', icon: <TextSuperscript20Regular />, run: () => chain().toggleSuperscript().run() },
    { name: 'bulletList', icon: <TextBulletList20Regular />, run: () => chain().toggleBulletList().run() },
    { name: 'orderedList', icon: <TextNumberListLtr20Regular />, run: () => chain().toggleOrderedList().run() },
  ];
  return (
    <Toolbar className={styles.toolbar} size="small" checkedValues={{ format: checked }} aria-label={t('editor.formatting')}>
      {toggles.map((toggle) => (
        <Tooltip key={toggle.name} content={t(`editor.format.${toggle.name}`)} relationship="label">
          <ToolbarToggleButton name="format" value={toggle.name} icon={toggle.icon} appearance="subtle" onClick={toggle.run} />
        </Tooltip>
      ))}
      <ToolbarDivider />
      <Tooltip content={t('editor.format.table')} relationship="label">
        <ToolbarButton icon={<Table20Regular />} onClick={() => chain().insertTable({ rows: 2, cols: 2, withHeaderRow: false }).run()} />
      </Tooltip>
      <Tooltip content={t('editor.format.math')} relationship="label">
        <ToolbarButton icon={<MathFormula20Regular />} onClick={() => chain().insertContent('$x^2$').run()} />
      </Tooltip>
      <Tooltip content={t('editor.format.image')} relationship="label">
        <ToolbarButton
          icon={uploading ? <Spinner size="extra-tiny" /> : <Image20Regular />}
          disabled={uploading}
          onClick={() => fileInput.current?.click()}
          data-testid="image-button"
        />
      </Tooltip>
      <input
        ref={fileInput}
        type="file"
        accept={PICTURE_CONTENT_TYPES.join(',')}
        hidden
        data-testid="image-input"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length) onChoosePictures(files);
        }}
      />
    </Toolbar>
  );
}
