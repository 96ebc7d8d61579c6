import * as z from 'zod/mini';

const base = z.object({
  id: z.number(),
  parentId: z.number(),
  path: z.string(),
  component: z.string(),
  redirect: z.string(),
  type: z.enum(['M', 'C']),
  title: z.string(),
  icon: z.string(),
  keepAlive: z.boolean(),
  hidden: z.boolean(),
  sort: z.number(),
  activeMenu: z.string(),
  breadcrumb: z.boolean(),
  status: z.number(),
  roles: z.array(z.string()),
  showInTabs: z.boolean(),
  alwaysShow: z.boolean(),
  affix: z.boolean(),
});

export type MenuItem = z.infer<typeof base> & { children?: MenuItem[] };

export const menuItemSchema: z.ZodMiniType<MenuItem> = z.extend(base, {
  get children() {
    return z.optional(z.array(menuItemSchema));
  },
});

export const menuTreeSchema = z.array(menuItemSchema);
