/**
 * The rules of the account screens: which avatar URL a designer may set, when changing payout
 * details needs an SMS code, how payout details are masked, and whose shops and products a
 * designer sees. The SQL is in designer.repository.ts.
 */
import type { z } from 'zod';
import type { RateLimitRule } from '../../config/env.js';
import type { Db } from '../../db/database.js';
import type { Designer } from '../../db/schema.js';
import { designerCode } from '../../domain/designers.js';
import { invalid } from '../../lib/errors.js';
import { checkCode, markCodeUsed } from '../auth/index.js';
import type { UnitOfWork } from '../messages/index.js';
import { type DesignerScope, productPage, shopsOf, updateDesigner } from './designer.repository.js';
import type { bankInfoSchema, basicInfoUpdateSchema } from './user.schemas.js';

/** Shows the first 4 and last 4 digits only. */
export function maskAccountNo(no: string): string {
  if (!no) return '';
  if (no.length <= 8) return `${no.slice(0, 2)}****`;
  return `${no.slice(0, 4)} **** **** ${no.slice(-4)}`;
}

/** Masks the name too: only the surname stays readable. */
export function maskName(name: string): string {
  if (!name) return '';
  return name[0] + '*'.repeat(Math.max(1, [...name].length - 1));
}

/** Payout details as answered: always masked. */
export function bankView(d: Designer) {
  return {
    account_name: maskName(d.bank_account_name),
    bank_name: d.bank_name,
    bank_branch: d.bank_branch,
    account_no_masked: maskAccountNo(d.bank_account_no),
    filled: d.bank_account_no !== '',
  };
}

/** The designer columns of validated payout details. */
export function bankPatch(input: z.infer<typeof bankInfoSchema>) {
  return {
    bank_account_name: input.account_name,
    bank_name: input.bank_name,
    bank_branch: input.bank_branch,
    bank_account_no: input.account_no,
  };
}

/**
 * Saves basic information. An empty nickname keeps the old one; the avatar is left as it is when
 * omitted, cleared by `''`, and otherwise must be an object this designer uploaded with
 * source=user, i.e. lie under `<objectBaseUrl>/user/<designer_id>/`, where the base is the configured one
 * (files' `publicObjectBase`), never one built from the request's Host.
 */
export function updateBasicInfo(db: Db, me: Designer, input: z.infer<typeof basicInfoUpdateSchema>, objectBaseUrl: string): Promise<Designer> {
  const { nickname, avatar, ...rest } = input;
  if (avatar !== undefined && avatar !== '' && avatar !== me.avatar) {
    const prefix = `${objectBaseUrl}/user/${designerCode(me.id)}/`;
    if (!avatar.startsWith(prefix) || avatar.includes('..') || /[?#\s]/.test(avatar.slice(prefix.length))) {
      throw invalid('avatar', '头像地址无效，请重新上传');
    }
  }
  return updateDesigner(db, me.id, {
    ...rest,
    ...(nickname ? { nickname } : {}),
    ...(avatar !== undefined ? { avatar } : {}),
  });
}

/**
 * Stores payout details. The first entry needs no code; changing details already on file needs a
 * `bank_info` code sent to the designer's own phone, used in the same transaction as the change.
 */
export async function updateBankInfo(
  { db, unitOfWork, wrongCodes }: { db: Db; unitOfWork: UnitOfWork; wrongCodes: RateLimitRule },
  me: Designer,
  input: z.infer<typeof bankInfoSchema>,
  code: string | undefined,
): Promise<Designer> {
  if (me.bank_account_no === '') return updateDesigner(db, me.id, bankPatch(input));
  if (!code) throw invalid('code', '修改收款信息需要短信验证，请输入验证码');
  const codeId = await checkCode(db, me.phone, 'bank_info', code, wrongCodes);
  // One code allows one change: a code used concurrently fails markCodeUsed and changes nothing.
  return unitOfWork(async (trx) => {
    await markCodeUsed(trx, codeId);
    return updateDesigner(trx, me.id, bankPatch(input));
  });
}

/** Shops of the designer's tickets; a lead with a team gets those of every designer now in it. */
export function shopsFor(db: Db, me: Designer) {
  const scope: DesignerScope = me.designer_type === 0 && me.team_id !== null ? { teamId: me.team_id } : { designerId: me.id };
  return shopsOf(db, scope);
}

/** Products the designer is qualified for; a lead gets every product. */
export function productsFor(db: Db, me: Designer, page: number, pageSize: number) {
  return productPage(db, me.designer_type !== 0 ? me.id : undefined, page, pageSize);
}
