/** Pictures a question may hold (decisions section 8): these types only (no SVG: it can carry script), up to 5 MB. */
export const PICTURE_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type PictureContentType = (typeof PICTURE_CONTENT_TYPES)[number];
export const PICTURE_MAX_BYTES = 5 * 1024 * 1024;

export const isPictureType = (type: string): type is PictureContentType => (PICTURE_CONTENT_TYPES as readonly string[]).includes(type);

/** Why a file cannot be uploaded as a picture (checked by the client first, and by the server). */
export function pictureProblem(file: { type: string; size: number }): 'fileTypeNotAllowed' | 'fileTooLarge' | null {
  if (!isPictureType(file.type)) return 'fileTypeNotAllowed';
  return file.size > PICTURE_MAX_BYTES ? 'fileTooLarge' : null;
}

const TYPE_BY_EXTENSION: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  jpe: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
};

/** A picture file's type by its name's extension (SVG too: whether a question may hold it is isPictureType's answer). */
export const pictureTypeOfName = (name: string): string | undefined => TYPE_BY_EXTENSION[name.split('.').pop()?.toLowerCase() ?? ''];
