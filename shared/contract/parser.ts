import { FONT_CHECK_MAX_FACES, FONT_FACE_MAX_LENGTH } from '../domain/fonts';
import type { FontEntry as DomainFontEntry } from '../domain/test/types';
import { PARSER_ENGINES } from '../parser/engines';
import { orgIdQuery } from './auth';
import type { Equals } from './typeCheck';
import { z } from './zod';

/** Calls around the Word parser (decisions "Parser calls and fonts"): engines, the add-in's version, fonts. */

export const enginesQuery = orgIdQuery;

/**
 * A font face as Word names it ("Times New Roman"): blanks collapsed, at most 100 characters,
 * no control characters and none of `" ' \ ; { } < >` (the portal writes faces into CSS).
 */
export const fontFace = z
  .string()
  .transform((face) => face.replace(/\s+/g, ' ').trim())
  .pipe(
    z
      .string()
      .min(1)
      .max(FONT_FACE_MAX_LENGTH)
      .regex(/^[^\p{Cc}"'\\;{}<>]+$/u, 'a font name cannot hold control characters or any of " \' \\ ; { } < >'),
  );

/** `?face=Arial`, or several faces as the parameter repeated: `?face=Arial&face=Mangal`. */
export const fontCheckQuery = z.object({
  face: z.union([fontFace, z.array(fontFace).min(1).max(FONT_CHECK_MAX_FACES)]),
});

/** The fields of the font upload form (multipart, read by the server's parser routes). */
export const fontUploadForm = z.strictObject({
  uploaded_file: z.custom<{ fileName: string; bytes: Buffer }>(
    (value) => typeof value === 'object' && value !== null && Buffer.isBuffer((value as { bytes?: unknown }).bytes),
    {
      message: 'must be a file',
    },
  ),
  name: fontFace,
});

export const fontFileParams = z.object({ file: z.string().regex(/^[0-9a-f]{32}\.(ttf|otf|ttc|woff2?)$/) });

/** One engine of the Word parser, in the order the server lists them; `isDefault` marks the second. */
export const parserEngineInfo = z.object({ id: z.enum(PARSER_ENGINES), name: z.string(), description: z.string(), isDefault: z.boolean() });
export type ParserEngineInfo = z.infer<typeof parserEngineInfo>;

/** The Word add-in's release: `link` downloads its manifest.xml (relative to the API's origin). */
export const parserVersion = z.object({ link: z.string(), version: z.string(), releaseDate: z.string() });
export type ParserVersion = z.infer<typeof parserVersion>;

/** A font entry (spec "Font entry: face, supported flag"); an uploaded face has its file's address. */
export const fontEntry = z.object({ face: z.string(), supported: z.boolean(), fileUrl: z.string().optional() });
export type FontEntry = z.infer<typeof fontEntry>;
true satisfies Equals<Omit<FontEntry, 'fileUrl'>, DomainFontEntry>;
/** `GET /v2/parserfont`: one face answers its entry, two or more a list. */
export const fontCheck = z.union([fontEntry, z.array(fontEntry)]);
