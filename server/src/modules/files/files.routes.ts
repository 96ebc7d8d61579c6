import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authErrors, envelope, ok } from '../../lib/http.js';
import { signatureQuery, signatureSchema } from './files.schemas.js';
import { signUpload } from './files.service.js';
import { OSS_SIGNATURE_VERSION } from './oss-signer.js';
import { publicObjectBase } from './read-urls.js';
import { uploadHost } from './urls.js';

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
      const signature = signUpload(oss, req.auth!.designer.id, req.query.source, { host: uploadHost(oss, req), urlBase: publicObjectBase(oss) });
      reply.header('cache-control', 'no-store');
      return ok(signature, '获取成功');
    },
  );
}
