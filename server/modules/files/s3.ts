import crypto from 'node:crypto';

/** An S3-compatible store (AWS S3, MinIO, R2, ...), from the S3_* settings. */
export interface S3Settings {
  /** e.g. https://s3.eu-west-1.amazonaws.com or http://minio:9000 (path-style addressing). */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where uploaded files are read from (a CDN or the bucket's public address). */
  publicUrl: string;
}

const hmac = (key: crypto.BinaryLike, data: string) => crypto.createHmac('sha256', key).update(data).digest();
const sha256 = (data: string) => crypto.createHash('sha256').update(data).digest('hex');
/** RFC 3986 encoding, as AWS Signature Version 4 wants it (`/` kept in paths). */
const encode = (value: string, keepSlash = false) =>
  encodeURIComponent(value)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(keepSlash ? /%2F/g : /$^/, '/');

/**
 * A presigned URL (AWS Signature Version 4, query string, unsigned payload, only `host` signed):
 * whoever holds it may `method` the object `key` until it expires. Path-style, so one code path
 * serves AWS and S3-compatible servers.
 */
export function presignS3(
  settings: Pick<S3Settings, 'endpoint' | 'bucket' | 'region' | 'accessKeyId' | 'secretAccessKey'>,
  request: { method: string; key: string; expiresSec: number; now?: Date; virtualHosted?: boolean },
): string {
  const now = request.now ?? new Date();
  const amzDate = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const endpoint = new URL(settings.endpoint);
  const host = request.virtualHosted ? `${settings.bucket}.${endpoint.host}` : endpoint.host;
  const path = request.virtualHosted ? `/${encode(request.key, true)}` : `/${encode(settings.bucket)}/${encode(request.key, true)}`;
  const scope = `${day}/${settings.region}/s3/aws4_request`;
  const query: [string, string][] = [
    ['X-Amz-Algorithm', 'AWS4-HMAC-SHA256'],
    ['X-Amz-Credential', `${settings.accessKeyId}/${scope}`],
    ['X-Amz-Date', amzDate],
    ['X-Amz-Expires', String(request.expiresSec)],
    ['X-Amz-SignedHeaders', 'host'],
  ];
  const canonicalQuery = query
    .map(([k, v]) => `${encode(k)}=${encode(v)}`)
    .sort()
    .join('&');
  const canonicalRequest = [request.method, path, canonicalQuery, `host:${host}\n`, 'host', 'UNSIGNED-PAYLOAD'].join('\n');
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${settings.secretAccessKey}`, day), settings.region), 's3'), 'aws4_request');
  const signature = crypto.createHmac('sha256', signingKey).update(toSign).digest('hex');
  return `${endpoint.protocol}//${host}${path}?${canonicalQuery}&X-Amz-Signature=${signature}`;
}
