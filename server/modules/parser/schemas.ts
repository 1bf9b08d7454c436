import { z } from 'zod';
import { FONT_CHECK_MAX_FACES, FONT_FACE_MAX_LENGTH } from '../../../shared/domain/fonts';

export { orgIdQuery as enginesQuery } from '../auth/schemas';

/**
 * A font face as Word names it ("Times New Roman"): blanks collapsed, at most 100 characters,
 * no control characters and none of `" ' \ ; { } < >` (the portal writes faces into CSS).
 */
export const fontFace = z
  .string()
  .transform((face) => face.replace(/\s+/g, ' ').trim())
  .pipe(z.string().min(1).max(FONT_FACE_MAX_LENGTH).regex(/^[^\p{Cc}"'\\;{}<>]+$/u, 'a font name cannot hold control characters or any of " \' \\ ; { } < >'));

/** `?face=Arial`, or several faces as the parameter repeated: `?face=Arial&face=Mangal`. */
export const fontCheckQuery = z.object({
  face: z.union([fontFace, z.array(fontFace).min(1).max(FONT_CHECK_MAX_FACES)]),
});

/** The fields of the font upload form (multipart, read in routes.ts). */
export const fontUploadForm = z.strictObject({
  uploaded_file: z.custom<{ fileName: string; bytes: Buffer }>((value) => typeof value === 'object' && value !== null && Buffer.isBuffer((value as { bytes?: unknown }).bytes), {
    message: 'must be a file',
  }),
  name: fontFace,
});

export const fontFileParams = z.object({ file: z.string().regex(/^[0-9a-f]{32}\.(ttf|otf|ttc|woff2?)$/) });
