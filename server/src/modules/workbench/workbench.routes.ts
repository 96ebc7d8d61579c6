import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authErrors, envelope, errorEnvelope, ok, okEmpty } from '../../lib/http.js';
import { currentDesigner } from '../auth/index.js';
import { RELEASED_PATHS } from '../system/index.js';
import { createHomeService } from './home.service.js';
import { sendKeptAnswer } from '../../lib/encoded-answers.js';
import { createPreferenceService } from './preferences.service.js';
import { createViewService, MAX_VIEWS_PER_LIST } from './views.service.js';
import {
  defaultViewInput,
  homeSchema,
  MAX_SHORTCUTS,
  preferencesInput,
  preferencesSchema,
  shortcutsInput,
  shortcutsSchema,
  welcomeDoneSchema,
  viewEdit,
  viewIdParams,
  viewInput,
  viewListQuery,
  viewOrderInput,
  viewSchema,
} from './workbench.schemas.js';

/**
 * The workbench (issue #18): the home's cards in one request, saved views of the lists, the fast
 * card's shortcuts and the colour scheme. Every route parses, calls a service and answers; the
 * rules are the services'. `released` is the menu the app serves (as `/system/menus`), which the
 * shortcuts are checked against.
 */
export default async function workbenchRoutes(app: FastifyInstance, opts: { released?: ReadonlySet<string> }) {
  const preferences = createPreferenceService({ db: app.db, unitOfWork: app.unitOfWork, released: opts.released ?? RELEASED_PATHS });
  const homes = createHomeService({ db: app.db, oss: app.config.oss, preferences });
  const views = createViewService({ app, unitOfWork: app.unitOfWork });

  const r = app.withTypeProvider<ZodTypeProvider>();
  const secured = { onRequest: app.authenticate };
  const doc = (summary: string, description: string) => ({ tags: ['workbench'], summary, description, security: [{ bearer: [] }] });
  const viewErrors = { 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, ...authErrors };
  const lists =
    'Lists: my-tickets (GET /tickets), team-orders (GET /tickets, leads), appeals (GET /appeals), deductions (GET /deductions), review-queue (GET /appeals?scope=review, leads). ';

  r.get(
    '/workbench/home',
    {
      ...secured,
      schema: {
        ...doc(
          'The home’s cards in one answer',
          'work: my tickets needing action now (a lead: the team’s), each in the first group that applies: overdue (owing a draft past due: the list’s `overdue=1`), due within 2 hours, ' +
            'rejected or returned (status 5, or a OVERRULE/RETURN/REJECT marker), waiting for a first draft; a count and the 5 most urgent of each. ' +
            'project (leads with a team; else null): the team today. product: my products with today’s load, and exams that would qualify me for another. ' +
            'message: unread count and the 5 latest unread. advert: the 5 latest announcements that reach me. fast: my shortcuts.',
        ),
        response: { 200: envelope(homeSchema), ...authErrors },
      },
    },
    async (req, reply) => sendKeptAnswer(req, reply, await homes.home(currentDesigner(req))),
  );

  // -- saved views ------------------------------------------------------------------------------

  r.get(
    '/workbench/views',
    {
      ...secured,
      schema: {
        ...doc(
          'My saved views and my team’s shared ones, each with its live count',
          `${lists}Mine first (in my order), then the team’s shared ones. Each count is the list’s own total for me with the view’s filters. A list of the leads asked by someone else → 403.`,
        ),
        querystring: viewListQuery,
        response: { 200: envelope(z.array(viewSchema)), 403: errorEnvelope, ...authErrors },
      },
    },
    async (req) => ok(await views.list(currentDesigner(req), req.query.list), '获取成功'),
  );

  r.post(
    '/workbench/views',
    {
      ...secured,
      schema: {
        ...doc(
          'Save a view of a list',
          `${lists}filters are the list endpoint’s query values, checked by that endpoint’s schema (422 on \`filters.<key>\`); columns are fields of its rows. ` +
            `Only team leads share (403); a name is unique per person and list (409); at most ${MAX_VIEWS_PER_LIST} views per list (409).`,
        ),
        body: viewInput,
        response: { 200: envelope(viewSchema), ...viewErrors },
      },
    },
    async (req) => ok(await views.create(currentDesigner(req), req.body), '保存成功'),
  );

  r.put(
    '/workbench/views/order',
    {
      ...secured,
      schema: {
        ...doc('Reorder my views of a list', 'view_ids: every one of my own views of the list, each once, in the new order (422 otherwise). Answers the list’s views as GET does.'),
        body: viewOrderInput,
        response: { 200: envelope(z.array(viewSchema)), 403: errorEnvelope, ...authErrors },
      },
    },
    async (req) => ok(await views.reorder(currentDesigner(req), req.body.list, req.body.view_ids), '保存成功'),
  );

  r.put(
    '/workbench/views/default',
    {
      ...secured,
      schema: {
        ...doc('Set the view a list opens with', 'Any view I see of that list (mine or my team’s shared one; another → 404), or null for none. Per person and list.'),
        body: defaultViewInput,
        response: { 200: okEmpty, 403: errorEnvelope, 404: errorEnvelope, ...authErrors },
      },
    },
    async (req) => {
      await views.setDefault(currentDesigner(req), req.body.list, req.body.view_id);
      return ok(null, '保存成功');
    },
  );

  r.put(
    '/workbench/views/:id',
    {
      ...secured,
      schema: {
        ...doc(
          'Edit a view',
          'Its owner, or a team lead for a view shared with their team (403 for others who see it; a view of another team, or another’s personal view → 404). Its list stays.',
        ),
        params: viewIdParams,
        body: viewEdit,
        response: { 200: envelope(viewSchema), ...viewErrors },
      },
    },
    async (req) => ok(await views.edit(currentDesigner(req), req.params.id, req.body), '保存成功'),
  );

  r.post(
    '/workbench/views/:id/delete',
    {
      ...secured,
      schema: {
        ...doc('Delete my view', 'Its owner only (403 for others who see it, 404 for a view they do not see). Defaults that named it go with it.'),
        params: viewIdParams,
        response: { 200: okEmpty, ...viewErrors },
      },
    },
    async (req) => {
      await views.remove(currentDesigner(req), req.params.id);
      return ok(null, '删除成功');
    },
  );

  // -- shortcuts and preferences ------------------------------------------------------------------

  r.get(
    '/workbench/shortcuts',
    {
      ...secured,
      schema: {
        ...doc('My shortcuts (the fast card)', 'The pinned menu entries in order, or the menu’s top entries while none are pinned; with every entry I may pin.'),
        response: { 200: envelope(shortcutsSchema), ...authErrors },
      },
    },
    async (req) => ok(await preferences.shortcuts(currentDesigner(req)), '获取成功'),
  );

  r.put(
    '/workbench/shortcuts',
    {
      ...secured,
      schema: {
        ...doc(
          'Pin my shortcuts',
          `At most ${MAX_SHORTCUTS} menu paths, each once, each an entry of my menu (422 on \`paths.<i>\` otherwise), in order. An empty list goes back to the default.`,
        ),
        body: shortcutsInput,
        response: { 200: envelope(shortcutsSchema), ...authErrors },
      },
    },
    async (req) => ok(await preferences.setShortcuts(currentDesigner(req), req.body.paths), '保存成功'),
  );

  r.post(
    '/workbench/welcome/done',
    {
      ...secured,
      schema: {
        ...doc('Leave the welcome page', 'The welcome page shown after onboarding is not shown again (the home answers `welcome_pending: false`).'),
        response: { 200: envelope(welcomeDoneSchema), ...authErrors },
      },
    },
    async (req) => ok(await preferences.welcomeDone(currentDesigner(req)), '欢迎开始工作'),
  );

  r.get(
    '/workbench/preferences',
    {
      ...secured,
      schema: { ...doc('My workbench preferences', 'color_scheme: auto (follows the system; the default), light or dark.'), response: { 200: envelope(preferencesSchema), ...authErrors } },
    },
    async (req) => ok(await preferences.preferences(currentDesigner(req)), '获取成功'),
  );

  r.put(
    '/workbench/preferences',
    {
      ...secured,
      schema: { ...doc('Set my colour scheme', 'Kept per person, so it follows them across browsers.'), body: preferencesInput, response: { 200: envelope(preferencesSchema), ...authErrors } },
    },
    async (req) => ok(await preferences.setColorScheme(currentDesigner(req), req.body.color_scheme), '保存成功'),
  );
}
