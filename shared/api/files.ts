import type { AxiosInstance } from 'axios';
import type { PictureContentType } from '../domain/pictures';
import type { SignedUpload } from '../contract/files';

export type { SignedUpload };

/**
 * Uploads (decisions section 8): ask the server for a signed link, PUT the bytes there. One
 * way for the portal and the add-in, whether files go to the server's disk or to S3.
 */
export function fileEndpoints(http: AxiosInstance) {
  return {
    uploadPicture: async (file: Blob & { name: string; type: string }): Promise<string> => {
      const signed = (
        await http.post<{ data: SignedUpload }>('/v2/user/getS3SignedUrl', {
          fileName: file.name,
          contentType: file.type as PictureContentType,
          size: file.size,
          purpose: 'picture',
        })
      ).data.data;
      // A relative link is the API server's own: resolve it against the API's origin, not the client's baseURL path.
      const api = new URL(http.defaults.baseURL ?? '/', globalThis.location?.href ?? 'http://localhost/');
      const target = new URL(signed.uploadUrl, api);
      if (target.origin === api.origin) {
        await http.request({ method: signed.method, url: target.toString(), data: file, headers: signed.headers, timeout: 120_000 });
      } else {
        // Another store (S3): the link carries its own authority; our headers must not go there.
        const response = await fetch(target, { method: signed.method, body: file, headers: signed.headers });
        if (!response.ok) throw new Error(`The file store refused the upload (${response.status})`);
      }
      return signed.fileUrl;
    },
  };
}
