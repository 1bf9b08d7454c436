import { Fragment, useState, type ReactNode } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

/** A picture as a preview shows it: its address when it can be drawn, else what is known of its size. */
export interface PreviewPicture {
  /** Something an <img> can show (a data:, blob: or https: address); null draws a labelled box. */
  src: string | null;
  bytes?: number | null;
  width?: number | null;
  height?: number | null;
}

const THUMBNAIL = { width: 96, height: 72 };

const useStyles = makeStyles({
  row: { display: 'flex', flexWrap: 'wrap', gap: '6px', margin: '2px 0' },
  picture: {
    display: 'block',
    maxWidth: `${THUMBNAIL.width}px`,
    maxHeight: `${THUMBNAIL.height}px`,
    width: 'auto',
    height: 'auto',
    objectFit: 'contain',
    borderRadius: tokens.borderRadiusSmall,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  placeholder: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    boxSizing: 'border-box',
    minWidth: '64px',
    maxWidth: `${THUMBNAIL.width}px`,
    height: '40px',
    padding: '0 6px',
    borderRadius: tokens.borderRadiusSmall,
    border: `1px dashed ${tokens.colorNeutralStroke1}`,
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase100,
    lineHeight: tokens.lineHeightBase100,
    textAlign: 'center',
    overflowWrap: 'anywhere',
  },
});

/** "80 × 60 px", "1.2 MB", both, or nothing known. */
export function pictureSize(picture: Pick<PreviewPicture, 'bytes' | 'width' | 'height'>): string {
  const parts: string[] = [];
  if (picture.width && picture.height) parts.push(`${picture.width} × ${picture.height} px`);
  if (picture.bytes) {
    const kb = picture.bytes / 1024;
    parts.push(kb >= 1024 ? `${(kb / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(kb))} KB`);
  }
  return parts.join(' · ');
}

/** One picture, small: the picture itself, or a dashed box labelled with its size when it cannot be drawn. */
export function PictureThumbnail({ picture }: { picture: PreviewPicture }) {
  const { t } = useTranslation();
  const styles = useStyles();
  // A picture the browser cannot draw (its bytes are not what its type says) becomes the box.
  const [failed, setFailed] = useState<string | null>(null);
  const size = pictureSize(picture);
  const label = size ? `${t('common.picture')} (${size})` : t('common.picture');
  if (picture.src && failed !== picture.src)
    return (
      <img
        className={styles.picture}
        src={picture.src}
        alt={label}
        title={label}
        loading="lazy"
        onError={() => setFailed(picture.src)}
        data-testid="preview-picture"
      />
    );
  return (
    <span className={styles.placeholder} role="img" aria-label={label} title={label} data-testid="preview-picture-placeholder">
      {size ? `🖼 ${size}` : '🖼'}
    </span>
  );
}

/** A row of thumbnails (nothing when there are no pictures). */
export function PictureThumbnails<P extends PreviewPicture>({ pictures, render }: { pictures: P[]; render?: (picture: P) => ReactNode }) {
  const styles = useStyles();
  if (!pictures.length) return null;
  return (
    <span className={styles.row} data-testid="preview-pictures">
      {pictures.map((picture, i) => (
        <Fragment key={i}>{render ? render(picture) : <PictureThumbnail picture={picture} />}</Fragment>
      ))}
    </span>
  );
}
