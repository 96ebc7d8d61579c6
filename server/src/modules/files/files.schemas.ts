/** Wire schemas of the upload signature call (zod; also the OpenAPI document). */
import { z } from 'zod';
import { UPLOAD_SOURCES } from './object-keys.js';

export const signatureQuery = z.object({
  source: z.enum(UPLOAD_SOURCES, { error: '上传来源不正确' }).describe('Upload source (spec §3): default, template, user, draft, attachment, static; appeal (appeal attachments); comment (files of a comment on a ticket or an appeal); announcement (the image a lead publishes an announcement with, at most 5 MB)'),
});

export const signatureSchema = z.object({
  policy: z.string().describe('base64 policy: the `policy` form field'),
  signature: z.string().describe('hex HMAC-SHA256: the `x-oss-signature` form field'),
  x_oss_credential: z.string().describe('`x-oss-credential` form field: <AccessKeyId>/<yyyymmdd>/<region>/oss/aliyun_v4_request'),
  x_oss_date: z.string().describe('`x-oss-date` form field, yyyymmddTHHMMSSZ'),
  dir: z.string().describe('Key prefix: the object key must be `dir` + file name'),
  security_token: z.string().describe('`x-oss-security-token` (STS only); empty: leave the form field out'),
  host: z.string().describe('URL to POST the multipart form to'),
  expire: z.string().describe('When the signature stops being accepted (ISO 8601)'),
  max_size: z.number().int().describe('Largest file accepted, in bytes'),
  url_base: z.string().describe('The stored file is read at `url_base` + "/" + key'),
});
export type UploadSignature = z.infer<typeof signatureSchema>;
