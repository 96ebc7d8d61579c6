/**
 * Candidates of public exams (issue #16: a recruitment test without an account). A candidate gets
 * an SMS code (scene `exam_candidate`, `POST /user/verify-code`: the auth module's limits), and
 * verifying it for a public exam gives a credential bound to (phone, exam): 32 random bytes, only
 * their sha256 kept, valid for the time limit + CANDIDATE_MARGIN_MS and pushed to the attempt's
 * deadline + that margin once an attempt starts. It is not a session: it opens nothing but that
 * exam's candidate calls. The attempts themselves follow the members' rules (exam.service.ts).
 */
import type { RateLimitRule } from '../../config/env.js';
import type { Db } from '../../db/database.js';
import { maskPhone } from '../../domain/designers.js';
import { sha256, newToken } from '../../lib/crypto.js';
import { unauthorized } from '../../lib/errors.js';
import { isoAfter, nowIso } from '../../lib/time.js';
import { checkCode, markCodeUsed } from '../auth/index.js';
import type { UnitOfWork } from '../messages/index.js';
import { deleteExpiredCandidateTokens, insertCandidateToken, liveCandidateToken } from './candidate.repository.js';
import { type Candidate, CANDIDATE_MARGIN_MS, type ExamService } from './exam.service.js';

export const CANDIDATE_TOKEN_HEADER = 'x-candidate-token';
export const CANDIDATE_NO_TOKEN = '请先验证手机号';
export const CANDIDATE_TOKEN_EXPIRED = '手机验证已失效，请重新验证';

export type CandidateService = ReturnType<typeof createCandidateService>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Public exams' candidates: verification and their credential (issue #16). */
    examCandidates: CandidateService;
  }
  interface FastifyRequest {
    /** The candidate a route's `onRequest` resolved from the `x-candidate-token` header. */
    candidate: Candidate | null;
  }
}

export function createCandidateService({ db, unitOfWork, exams, wrongCodes }: { db: Db; unitOfWork: UnitOfWork; exams: ExamService; wrongCodes: RateLimitRule }) {
  /**
   * Checks an `exam_candidate` code for a public exam (404 for any other exam, before the code is
   * looked at, so a code is not spent on a wrong link) and issues the credential; the code's use
   * and the credential commit together.
   */
  async function verify(examId: number, phone: string, code: string) {
    const exam = await exams.publicInfo(examId);
    const codeId = await checkCode(db, phone, 'exam_candidate', code, wrongCodes);
    const token = newToken();
    const tokenHash = sha256(token);
    const now = nowIso();
    const expiresAt = isoAfter(exam.time_limit_minutes * 60_000 + CANDIDATE_MARGIN_MS, Date.parse(now));
    await unitOfWork(async (trx) => {
      await markCodeUsed(trx, codeId);
      await insertCandidateToken(trx, { token_hash: tokenHash, exam_id: examId, phone, created_at: now, expires_at: expiresAt });
    });
    return { token, expires_at: expiresAt, phone_masked: maskPhone(phone), ...(await exams.candidateState({ phone, examId, tokenHash })) };
  }

  /** The candidate a credential stands for: 401 without one, or for a forged or expired one. */
  async function resolve(token: string | undefined): Promise<Candidate> {
    if (!token) throw unauthorized(CANDIDATE_NO_TOKEN);
    if (token.length > 200) throw unauthorized(CANDIDATE_TOKEN_EXPIRED);
    const tokenHash = sha256(token);
    const row = await liveCandidateToken(db, tokenHash, nowIso());
    if (!row) throw unauthorized(CANDIDATE_TOKEN_EXPIRED);
    return { phone: row.phone, examId: row.exam_id, tokenHash };
  }

  /** The candidate's view, with the phone masked and the credential's expiry. */
  async function state(c: Candidate) {
    const row = await liveCandidateToken(db, c.tokenHash, nowIso());
    if (!row) throw unauthorized(CANDIDATE_TOKEN_EXPIRED);
    return { expires_at: row.expires_at, phone_masked: maskPhone(c.phone), ...(await exams.candidateState(c)) };
  }

  /** Tokens expired for a day are dropped (the deadline sweep calls this). */
  const dropExpired = () => deleteExpiredCandidateTokens(db, isoAfter(-24 * 3_600_000));

  return { verify, resolve, state, dropExpired };
}
