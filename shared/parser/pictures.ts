import { isPictureType, type PictureContentType } from '../domain/pictures';

const BY_EXTENSION: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  jpe: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** The picture type a question may hold for a picture of the document, by its name in the package; null for EMF, WMF, TIFF... */
export function pictureContentType(path: string): PictureContentType | null {
  const type = BY_EXTENSION[path.split('.').pop()?.toLowerCase() ?? ''];
  return type && isPictureType(type) ? type : null;
}
