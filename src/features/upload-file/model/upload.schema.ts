import * as z from 'zod/mini';

/** Spec §3 upload sources (the server's GET /oss/get-signature `source`), plus `comment` (files of a comment, issue #24). */
export const UPLOAD_SOURCES = ['default', 'template', 'user', 'draft', 'attachment', 'static', 'comment', 'announcement'] as const;
export type UploadSource = (typeof UPLOAD_SOURCES)[number];

/** The upload signature of GET /oss/get-signature (spec §3, server files module). */
export const uploadSignatureSchema = z.object({
  policy: z.string(),
  signature: z.string(),
  x_oss_credential: z.string(),
  x_oss_date: z.string(),
  /** Key prefix: the object key is `dir` + file name. */
  dir: z.string(),
  /** Empty: leave the x-oss-security-token field out. */
  security_token: z.string(),
  /** Where the multipart form is posted. */
  host: z.string(),
  expire: z.string(),
  /** Largest file accepted, in bytes. */
  max_size: z.number(),
  /**
   * Public files (avatars) are read at `url_base` + '/' + key. Private ones (drafts, attachments)
   * are not: the answers that show them carry a signed `read_url`.
   */
  url_base: z.string(),
});
export type UploadSignature = z.infer<typeof uploadSignatureSchema>;

/** What an upload resolves with. */
export interface UploadedFile {
  key: string;
  url: string;
  name: string;
  size: number;
}
