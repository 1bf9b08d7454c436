import { isPictureType, pictureTypeOfName, type PictureContentType } from '../domain/pictures';

/** The picture type a question may hold for a picture of the document, by its name in the package; null for EMF, WMF, TIFF... */
export function pictureContentType(path: string): PictureContentType | null {
  const type = pictureTypeOfName(path);
  return type && isPictureType(type) ? type : null;
}
