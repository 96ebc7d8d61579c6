import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Table types. Times are ISO-8601 UTC strings (lexicographically ordered), booleans are 0/1
 * integers and lists are JSON text, so the same migrations and queries run on SQLite and PostgreSQL.
 */
export interface TeamTable {
  id: Generated<number>;
  name: string;
  lead_id: number | null;
  created_at: string;
}

export interface DesignerTable {
  id: Generated<number>;
  phone: string;
  password_hash: string;
  designer_type: Generated<number>;
  nickname: Generated<string>;
  avatar: Generated<string>;
  wechat: Generated<string>;
  company_wechat: Generated<string>;
  real_name: Generated<string>;
  email: Generated<string>;
  gender: Generated<number>;
  city: Generated<string>;
  work_purpose: Generated<string>;
  available_time: Generated<string>;
  current_occupation: Generated<string>;
  current_registration_step: Generated<number>;
  specialty_tags: Generated<string>;
  software_tags: Generated<string>;
  invite_code: string;
  team_id: number | null;
  team_role: Generated<string>;
  account_status: Generated<number>;
  online_ticket_status: Generated<number>;
  daily_capacity: Generated<number>;
  bank_account_name: Generated<string>;
  bank_name: Generated<string>;
  bank_branch: Generated<string>;
  bank_account_no: Generated<string>;
  create_time: string;
  update_time: string;
}

export interface SessionTable {
  id: string;
  designer_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  ip: string;
  user_agent: string;
}

export interface VerifyCodeTable {
  id: Generated<number>;
  phone: string;
  scene: string;
  code_hash: string;
  attempts: number;
  expires_at: string;
  consumed_at: string | null;
  created_at: string;
}

export interface SmsOutboxTable {
  id: Generated<number>;
  phone: string;
  scene: string;
  content: string;
  created_at: string;
}

export interface RateLimitTable {
  key: string;
  window_start: string;
  count: number;
}

export interface ProductTable {
  id: Generated<number>;
  name: string;
  category: string;
}

export interface DesignerProductTable {
  designer_id: number;
  product_id: number;
}

export interface ShopTable {
  id: Generated<number>;
  name: string;
  platform: string;
}

export interface Database {
  teams: TeamTable;
  designers: DesignerTable;
  sessions: SessionTable;
  verify_codes: VerifyCodeTable;
  sms_outbox: SmsOutboxTable;
  rate_limits: RateLimitTable;
  products: ProductTable;
  designer_products: DesignerProductTable;
  shops: ShopTable;
  designer_shops: DesignerShopTable;
}

/** Shops a designer takes tickets from (maintained by allocation once tickets arrive). */
export interface DesignerShopTable {
  designer_id: number;
  shop_id: number;
}

export type Designer = Selectable<DesignerTable>;
export type NewDesigner = Insertable<DesignerTable>;
export type DesignerUpdate = Updateable<DesignerTable>;
export type Session = Selectable<SessionTable>;
