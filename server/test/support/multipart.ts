/**
 * Hand-built multipart/form-data bodies for inject (the fields in the given order, as a browser
 * sends a FormData), and the upload form of an OSS signature (product.md §8).
 */
import { randomBytes } from 'node:crypto';

export interface FilePart {
  /** Form field name; OSS expects `file`. */
  name?: string;
  filename: string;
  content: Buffer | string;
  contentType?: string;
}

export type FormEntry = [name: string, value: string] | [name: string, file: FilePart];

export function multipartBody(entries: FormEntry[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----dwpTestBoundary${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of entries) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if (typeof value === 'string') {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\n` +
            `Content-Type: ${value.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        Buffer.isBuffer(value.content) ? value.content : Buffer.from(value.content),
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The spec's upload signature (GET /api/oss/get-signature). */
export interface UploadSignature {
  policy: string;
  signature: string;
  x_oss_credential: string;
  x_oss_date: string;
  dir: string;
  security_token: string;
  host: string;
  expire: string;
  max_size: number;
  url_base: string;
}

/** The form fields a browser sends for a signature, by name (override or drop any with `changes`). */
export function uploadFields(sig: UploadSignature, key: string, changes: Record<string, string | null> = {}): [string, string][] {
  const fields: Record<string, string> = {
    key,
    policy: sig.policy,
    'x-oss-signature-version': 'OSS4-HMAC-SHA256',
    'x-oss-credential': sig.x_oss_credential,
    'x-oss-date': sig.x_oss_date,
    'x-oss-signature': sig.signature,
    ...(sig.security_token ? { 'x-oss-security-token': sig.security_token } : {}),
  };
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) delete fields[name];
    else fields[name] = value;
  }
  return Object.entries(fields);
}
