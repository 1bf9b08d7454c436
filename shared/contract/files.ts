import { z } from './zod';

/**
 * Uploads (decisions section 8): the client asks for a signed link, then PUTs the bytes there,
 * whether files go to the server's disk or to S3.
 *
 * - POST /api/v2/user/getS3SignedUrl { fileName, contentType, size, purpose: 'picture' } → SignedUpload
 */
export const signedUpload = z.object({
  uploadUrl: z.string(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
  /** Where the file is read once uploaded (relative to the API's origin for the local store). */
  fileUrl: z.string(),
  expiresAt: z.string(),
});
export type SignedUpload = z.infer<typeof signedUpload>;
