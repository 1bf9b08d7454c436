import { useLayoutEffect, useState } from 'react';
import { Badge, Button, Caption1, makeStyles, Subtitle2, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { htmlText } from '../../domain/test/html';
import { PICTURE_PREFIX } from '../../parser/content/inlines';
import { pictureContentType } from '../../parser/pictures';
import type { ParsedChildQuestion, ParsedDocument, ParsedQuestion } from '../../parser/types';
import { cutText } from '../../render/math';
import { PictureThumbnail, PictureThumbnails, type PreviewPicture } from '../PictureThumbnail';
import { TextWithMath } from '../RichText';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: '6px', margin: 0, padding: 0, listStyleType: 'none', maxHeight: '320px', overflowY: 'auto' },
  item: {
    display: 'flex',
    flexDirection: 'column',
    gap: '4px',
    padding: '8px 10px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
    minWidth: 0,
  },
  head: { display: 'flex', gap: '6px', alignItems: 'center', flexWrap: 'wrap' },
  stem: { overflowWrap: 'anywhere' },
  options: { margin: 0, paddingLeft: '20px', display: 'flex', flexDirection: 'column', gap: '2px' },
  right: { color: tokens.colorPaletteGreenForeground1, fontWeight: tokens.fontWeightSemibold },
  missing: { color: tokens.colorPaletteDarkOrangeForeground1 },
  children: {
    margin: 0,
    paddingLeft: '12px',
    listStyleType: 'none',
    display: 'flex',
    flexDirection: 'column',
    gap: '4px',
    borderLeft: `2px solid ${tokens.colorNeutralStroke2}`,
  },
});

const EXCERPT = 140;
const IMG = /<img\b[^>]*>/gi;
/** The text of a field, cut (never inside a formula, so KaTeX shows it whole); its pictures are shown beside it as thumbnails. */
const excerpt = (html: string) => cutText(htmlText(html.replace(IMG, ' ')), EXCERPT);
const letter = (i: number) => String.fromCharCode(97 + i);

/** Where a picture of the field stands: `path` inside the .docx until it is uploaded (`docx:word/media/…`). */
type FieldPicture = PreviewPicture & { path: string | null };

const attribute = (tag: string, name: string) => {
  const found = new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag);
  return found ? htmlText(found[1]) : null;
};
const pixels = (value: string | null) => (value && Number(value) > 0 ? Math.round(Number(value)) : null);

function picturesOf(html: string): FieldPicture[] {
  return [...html.matchAll(IMG)].map(([tag]) => {
    const src = attribute(tag, 'src') ?? '';
    const path = src.startsWith(PICTURE_PREFIX) ? src.slice(PICTURE_PREFIX.length) : null;
    return { src: path === null && src ? src : null, path, width: pixels(attribute(tag, 'width')), height: pixels(attribute(tag, 'height')) };
  });
}

/**
 * A picture of the document before anything is uploaded: drawn from its bytes in the .docx
 * through an object URL (freed when the preview goes), or a box with its size when the bytes
 * cannot be read or are of a type a browser does not draw.
 */
function DocumentPicture({ picture, path, pictureBytes }: { picture: FieldPicture; path: string; pictureBytes?: (path: string) => Uint8Array | null }) {
  const [drawn, setDrawn] = useState<{ src: string | null; bytes: number | null }>({ src: null, bytes: null });
  useLayoutEffect(() => {
    const bytes = pictureBytes?.(path) ?? null;
    const type = pictureContentType(path);
    if (!bytes || !type || typeof URL.createObjectURL !== 'function') {
      setDrawn({ src: null, bytes: bytes?.length ?? null });
      return;
    }
    const src = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type }));
    setDrawn({ src, bytes: bytes.length });
    return () => URL.revokeObjectURL(src);
  }, [path, pictureBytes]);
  return <PictureThumbnail picture={{ ...picture, ...drawn }} />;
}

/** A field (a question's text, an option, a passage) as the preview shows it: its text with maths rendered, then its pictures, small. */
function PreviewField({
  html,
  suffix = '',
  className,
  pictureBytes,
}: {
  html: string;
  suffix?: string;
  className?: string;
  pictureBytes?: (path: string) => Uint8Array | null;
}) {
  return (
    <>
      <TextWithMath className={className} text={`${excerpt(html)}${suffix}`} />
      <PictureThumbnails
        pictures={picturesOf(html)}
        render={(picture) =>
          picture.path === null ? <PictureThumbnail picture={picture} /> : <DocumentPicture picture={picture} path={picture.path} pictureBytes={pictureBytes} />
        }
      />
    </>
  );
}

/**
 * What the parser understood, question by question, before anything is uploaded: its type, its
 * options with the correct ones ticked, its answer and the rule that found it ("from underline"),
 * so a teacher can spot and fix the few it got wrong. Maths shows rendered and pictures as
 * thumbnails, as the editor will show them (issue 29); `pictureBytes` reads a picture from the
 * document. In Word, `onShow` selects the question.
 */
export function QuestionPreview({
  parsed,
  onShow,
  pictureBytes,
}: {
  parsed: ParsedDocument;
  onShow?: (paragraph: number) => void;
  pictureBytes?: (path: string) => Uint8Array | null;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const questions = parsed.sections.flatMap((s) => s.questions);
  if (questions.length === 0) return null;

  const answerOf = (q: ParsedChildQuestion) => {
    if (q.type === 'integer') return q.solution;
    if (q.type === 'fill_ups') return q.options.map((o) => o.name).join(' | ');
    const correct = q.options.map((o, i) => (o.isCorrect ? i : -1)).filter((i) => i >= 0);
    if (q.type === 'true_false') return correct.length ? q.options[correct[0]].name : '';
    return correct.map((i) => `(${letter(i)})`).join(', ');
  };
  const answerLine = (q: ParsedChildQuestion) => {
    const answer = answerOf(q);
    if (!answer)
      return (
        <Caption1 className={styles.missing} data-testid="word-preview-no-answer">
          {t('wordUpload.previewNoAnswer')}
        </Caption1>
      );
    const rule = q.answerFrom && q.answerFrom !== 'none' ? ` · ${t('wordUpload.previewRule', { rule: t(`parser.rules.${q.answerFrom}`) })}` : '';
    return (
      <Caption1 data-testid="word-preview-answer">
        <TextWithMath text={`${t('wordUpload.previewAnswer', { answer })}${rule}`} />
      </Caption1>
    );
  };
  const body = (q: ParsedChildQuestion) => (
    <>
      <PreviewField className={styles.stem} html={q.name} pictureBytes={pictureBytes} />
      {(q.type === 'multiple_choice' || q.type === 'true_false') && (
        <ol className={styles.options} type="a">
          {q.options.map((o, i) => (
            <li key={i} className={o.isCorrect ? styles.right : undefined}>
              <PreviewField html={o.name} suffix={o.isCorrect ? ' ✓' : ''} pictureBytes={pictureBytes} />
            </li>
          ))}
        </ol>
      )}
      {answerLine(q)}
    </>
  );
  const head = (q: ParsedQuestion, n: number) => (
    <div className={styles.head}>
      <Subtitle2>{n}</Subtitle2>
      <Badge appearance="tint" color={q.type === 'comprehension' ? 'brand' : 'informative'}>
        {t(`editor.type.${q.type}`)}
      </Badge>
      {onShow && q.docParagraph && (
        <Button size="small" appearance="transparent" onClick={() => onShow(q.docParagraph!)}>
          {t('wordUpload.showInDocument')}
        </Button>
      )}
    </div>
  );

  return (
    <section data-testid="word-preview" style={{ display: 'flex', flexDirection: 'column', gap: 6 }}>
      <Subtitle2>{t('wordUpload.previewTitle')}</Subtitle2>
      <ol className={styles.list}>
        {questions.map((q, i) => (
          <li key={i} className={styles.item} data-testid="word-preview-question" data-type={q.type} data-rule={q.answerFrom ?? ''}>
            {head(q, i + 1)}
            {q.type === 'comprehension' ? (
              <>
                <PreviewField className={styles.stem} html={q.paragraph} pictureBytes={pictureBytes} />
                <Caption1>{t('wordUpload.previewChildren', { count: q.questions.length })}</Caption1>
                <ul className={styles.children}>
                  {q.questions.map((child, c) => (
                    <li key={c} data-testid="word-preview-child">
                      {body(child)}
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              body(q)
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
