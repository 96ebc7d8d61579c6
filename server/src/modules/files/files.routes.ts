import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authErrors, envelope, ok } from '../../lib/http.js';
import { nowMs } from '../../lib/time.js';
import { UPLOAD_SOURCES, type UploadSource, uploadDir } from './object-keys.js';
import { OSS_SIGNATURE_VERSION, ossDateTime, ossDay, signPostPolicy } from './oss-signer.js';
import { objectBaseUrl, uploadHost } from './urls.js';
import { designerCode } from '../../domain/designers.js';

/** How long a signature may be used to start an upload. */
export const POLICY_TTL_MS = 10 * 60 * 1000;
/** Avatars and other profile pictures (`user`) are small images. */
const USER_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export function maxUploadBytes(source: UploadSource, configuredMax: number): number {
  return source === 'user' ? Math.min(USER_IMAGE_MAX_BYTES, configuredMax) : configuredMax;
}

const signatureQuery = z.object({
  source: z.enum(UPLOAD_SOURCES, { error: '上传来源不正确' }).describe('Upload source (spec §3): default, template, user, draft, attachment, static; appeal (appeal attachments)'),
});

const signatureSchema = z.object({
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

const DESCRIPTION = `Signs one direct browser upload (Aliyun OSS PostObject, V4 signature ${OSS_SIGNATURE_VERSION}).

Then POST \`multipart/form-data\` to \`host\` with the fields \`key\` (= \`dir\` + file name), \`policy\`,
\`x-oss-signature-version: ${OSS_SIGNATURE_VERSION}\`, \`x-oss-credential\`, \`x-oss-date\`, \`x-oss-signature\`
(= \`signature\`), \`x-oss-security-token\` (only when \`security_token\` is not empty), and \`file\` last.
The bucket answers 204 on success (200 or 201 when \`success_action_status\` asks for it) and refuses
anything else with an OSS XML \`<Error>\`: a changed field or policy (403 SignatureDoesNotMatch), an
expired policy (403 AccessDenied "Policy expired"), a key outside \`dir\` (403 AccessDenied "Policy
Condition failed"), a file over \`max_size\` (400 EntityTooLarge), a bad key (400 InvalidObjectName).

\`dir\` is \`<source>/<designer_id>/<yyyymmdd>/<random nonce>/\`, made by the server only, so object URLs are
unguessable. The signature is valid for 10 minutes; \`user\` uploads (profile pictures) are limited to
5 MB, the others to OSS_MAX_UPLOAD_MB. Without OSS credentials in the environment \`host\` is this
server's embedded store at \`/oss\`, which checks exactly what a bucket checks.`;

export default async function filesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const oss = app.config.oss;

  r.get(
    '/oss/get-signature',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['files'],
        summary: 'Upload signature for a direct browser upload',
        description: DESCRIPTION,
        security: [{ bearer: [] }],
        querystring: signatureQuery,
        response: { 200: envelope(signatureSchema), ...authErrors },
      },
    },
    async (req, reply) => {
      const designer = req.auth!.designer;
      const { source } = req.query;
      const now = nowMs();
      const maxSize = maxUploadBytes(source, oss.maxUploadBytes);
      // Built from server data only: the validated source, the signed-in designer, the clock, a nonce.
      const dir = uploadDir(source, designerCode(designer.id), ossDay(ossDateTime(now)));
      const signed = signPostPolicy({
        credentials: { accessKeyId: oss.accessKeyId, accessKeySecret: oss.accessKeySecret, region: oss.region },
        bucket: oss.bucket,
        dir,
        maxSize,
        nowMs: now,
        ttlMs: POLICY_TTL_MS,
      });
      reply.header('cache-control', 'no-store');
      return ok(
        {
          policy: signed.policy,
          signature: signed.signature,
          x_oss_credential: signed.credential,
          x_oss_date: signed.date,
          dir,
          security_token: signed.securityToken,
          host: uploadHost(oss, req),
          expire: signed.expiration,
          max_size: maxSize,
          url_base: objectBaseUrl(oss, req),
        },
        '获取成功',
      );
    },
  );
}
