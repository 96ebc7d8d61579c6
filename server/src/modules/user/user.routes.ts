import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Designer } from '../../db/schema.js';
import { invalid } from '../../lib/errors.js';
import { authErrors, codeSchema, envelope, ok, pageOf, pageQuery } from '../../lib/http.js';
import { checkCode, markCodeUsed } from '../auth/index.js';
import { objectBaseUrl } from '../files/index.js';
import { updateDesigner } from './designer.repository.js';
import { profileSchema, toProfile } from './profile.js';
import {
  availableTimeSchema,
  bankInfoSchema,
  bankInfoView,
  basicInfoSchema,
  maskAccountNo,
  maskName,
  bankPatch,
  onlineStatusSchema,
} from './user.schemas.js';
import { designerCode } from '../../domain/designers.js';

export function bankView(d: Designer) {
  return {
    account_name: maskName(d.bank_account_name),
    bank_name: d.bank_name,
    bank_branch: d.bank_branch,
    account_no_masked: maskAccountNo(d.bank_account_no),
    filled: d.bank_account_no !== '',
  };
}

const basicInfoUpdateSchema = basicInfoSchema.extend({
  avatar: z.string().max(500, { error: '头像地址过长' }).optional(),
});

export default async function userRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secured = { onRequest: app.authenticate };
  const doc = (summary: string) => ({ tags: ['user'], summary, security: [{ bearer: [] }] });
  const profileResponse = { 200: envelope(profileSchema), ...authErrors };

  r.get('/user/profile', { ...secured, schema: { ...doc('The signed-in designer’s profile'), response: profileResponse } }, async (req) =>
    ok(await toProfile(app.db, req.auth!.designer), '获取成功'),
  );

  r.put(
    '/user/basic-info',
    { ...secured, schema: { ...doc('Update basic information (and optionally the avatar URL of an uploaded object)'), body: basicInfoUpdateSchema, response: profileResponse } },
    async (req) => {
      const { nickname, avatar, ...rest } = req.body;
      const me = req.auth!.designer;
      if (avatar !== undefined && avatar !== '' && avatar !== me.avatar) {
        // Only an object this designer uploaded to our store with source=user.
        const prefix = `${objectBaseUrl(app.config.oss, req)}/user/${designerCode(me.id)}/`;
        if (!avatar.startsWith(prefix) || avatar.includes('..') || /[?#\s]/.test(avatar.slice(prefix.length))) {
          throw invalid('avatar', '头像地址无效，请重新上传');
        }
      }
      const updated = await updateDesigner(app.db, me.id, {
        ...rest,
        ...(nickname ? { nickname } : {}),
        ...(avatar !== undefined ? { avatar } : {}),
      });
      return ok(await toProfile(app.db, updated), '基本信息已保存');
    },
  );

  r.get(
    '/user/bank-info',
    { ...secured, schema: { ...doc('Payout details, masked'), response: { 200: envelope(bankInfoView), ...authErrors } } },
    async (req) => ok(bankView(req.auth!.designer), '获取成功'),
  );

  r.put(
    '/user/bank-info',
    {
      ...secured,
      schema: {
        ...doc('Store payout details; answered masked. Changing details already on file needs an SMS code (scene bank_info) sent to the own phone'),
        body: bankInfoSchema.extend({ code: codeSchema.optional() }),
        response: { 200: envelope(bankInfoView), ...authErrors },
      },
    },
    async (req) => {
      const me = req.auth!.designer;
      const { code, ...input } = req.body;
      if (me.bank_account_no === '') {
        return ok(bankView(await updateDesigner(app.db, me.id, bankPatch(input))), '收款信息已保存');
      }
      if (!code) throw invalid('code', '修改收款信息需要短信验证，请输入验证码');
      const codeId = await checkCode(app.db, me.phone, 'bank_info', code);
      const updated = await app.db.transaction().execute(async (trx) => {
        await markCodeUsed(trx, codeId);
        return updateDesigner(trx, me.id, bankPatch(input));
      });
      return ok(bankView(updated), '收款信息已保存');
    },
  );

  r.put(
    '/user/update-time',
    { ...secured, schema: { ...doc('Update available working time'), body: availableTimeSchema, response: profileResponse } },
    async (req) => {
      const updated = await updateDesigner(app.db, req.auth!.designer.id, req.body);
      return ok(await toProfile(app.db, updated), '可接单时间已更新');
    },
  );

  r.put(
    '/user/online-status',
    {
      ...secured,
      schema: { ...doc('Accept new tickets (1) or not (0)'), body: onlineStatusSchema, response: profileResponse },
    },
    async (req) => {
      const updated = await updateDesigner(app.db, req.auth!.designer.id, req.body);
      return ok(await toProfile(app.db, updated), updated.online_ticket_status === 1 ? '已开始接单' : '已暂停接单');
    },
  );

  const shop = z.object({ shop_id: z.number().int(), name: z.string(), platform: z.string() });
  r.get(
    '/user/shops',
    {
      ...secured,
      schema: { ...doc('Shops the designer’s tickets come from (a team lead: those of the team)'), response: { 200: envelope(z.object({ items: z.array(shop) })), ...authErrors } },
    },
    async (req) => {
      const me = req.auth!.designer;
      let q = app.db
        .selectFrom('shops')
        .innerJoin('designer_shops', 'designer_shops.shop_id', 'shops.id')
        .select(['shops.id as shop_id', 'shops.name', 'shops.platform'])
        .distinct()
        .orderBy('shops.id');
      if (me.designer_type === 0 && me.team_id !== null) {
        const teamId = me.team_id;
        q = q.where('designer_shops.designer_id', 'in', (eb) =>
          eb.selectFrom('designers').select('id').where('team_id', '=', teamId),
        );
      } else {
        q = q.where('designer_shops.designer_id', '=', me.id);
      }
      return ok({ items: await q.execute() }, '获取成功');
    },
  );

  const product = z.object({ product_id: z.number().int(), name: z.string(), category: z.string() });
  r.get(
    '/designer-product/available-products',
    {
      ...secured,
      schema: {
        ...doc('Products the designer is qualified for (a team lead: every product)'),
        tags: ['catalog'],
        querystring: pageQuery,
        response: { 200: envelope(pageOf(product)), ...authErrors },
      },
    },
    async (req) => {
      const me = req.auth!.designer;
      const { page, pageSize } = req.query;
      let base = app.db.selectFrom('products');
      if (me.designer_type !== 0) {
        base = base.where('products.id', 'in', (eb) =>
          eb.selectFrom('designer_products').select('product_id').where('designer_id', '=', me.id),
        );
      }
      const [items, count] = await Promise.all([
        base
          .select(['products.id as product_id', 'products.name', 'products.category'])
          .orderBy('products.id')
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return ok({ items, total: Number(count.total), page, pageSize }, '获取成功');
    },
  );
}
