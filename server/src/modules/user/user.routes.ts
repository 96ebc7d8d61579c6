import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authErrors, envelope, ok, pageOf, pageQuery } from '../../lib/http.js';
import { publicObjectBase } from '../files/index.js';
import { updateDesigner } from './designer.repository.js';
import { profileSchema, toProfile } from './profile.js';
import {
  availableTimeSchema,
  bankInfoUpdateSchema,
  bankInfoView,
  basicInfoUpdateSchema,
  onlineStatusSchema,
  productSchema,
  shopListSchema,
} from './user.schemas.js';
import { bankView, productsFor, shopsFor, updateBankInfo, updateBasicInfo } from './user.service.js';

/**
 * The signed-in designer's own account screens. Calls with no rule beyond their schema (the
 * profile, available time, online status) read and write through the repository directly.
 */
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
      const updated = await updateBasicInfo(app.db, req.auth!.designer, req.body, publicObjectBase(app.config.oss));
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
        body: bankInfoUpdateSchema,
        response: { 200: envelope(bankInfoView), ...authErrors },
      },
    },
    async (req) => {
      const { code, ...input } = req.body;
      return ok(bankView(await updateBankInfo({ db: app.db, unitOfWork: app.unitOfWork, wrongCodes: app.config.rateLimits.wrongCodesPerPhone }, req.auth!.designer, input, code)), '收款信息已保存');
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

  r.get(
    '/user/shops',
    {
      ...secured,
      schema: { ...doc('Shops the designer’s tickets come from (a team lead: those of the team)'), response: { 200: envelope(shopListSchema), ...authErrors } },
    },
    async (req) => ok({ items: await shopsFor(app.db, req.auth!.designer) }, '获取成功'),
  );

  r.get(
    '/designer-product/available-products',
    {
      ...secured,
      schema: {
        ...doc('Products the designer is qualified for (a team lead: every product)'),
        tags: ['catalog'],
        querystring: pageQuery,
        response: { 200: envelope(pageOf(productSchema)), ...authErrors },
      },
    },
    async (req) => {
      const { page, pageSize } = req.query;
      const { items, total } = await productsFor(app.db, req.auth!.designer, page, pageSize);
      return ok({ items, total, page, pageSize }, '获取成功');
    },
  );
}
