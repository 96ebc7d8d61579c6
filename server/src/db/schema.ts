/**
 * Kept whole on purpose (~760 lines): this is the one `Database` type every Kysely query is
 * checked against, a row type per table and nothing else (no behaviour). Split by module, each
 * part would still have to be imported into the one interface here, and a table read by several
 * modules (designers, tickets) would have no single home.
 *
 * Table types. Times are ISO-8601 UTC strings (lexicographically ordered), booleans are 0/1
 * integers and lists are JSON text, so the same migrations and queries run on SQLite and PostgreSQL.
 */
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

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
  /** The designer whose personal invite code was given at registration; it never joins a team. */
  referred_by: Generated<number | null>;
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
  messages: MessageTable;
  announcements: AnnouncementTable;
  announcement_reads: AnnouncementReadTable;
  announcement_products: AnnouncementProductTable;
  tickets: TicketTable;
  allocations: AllocationTable;
  designer_loads: DesignerLoadTable;
  drafts: DraftTable;
  ticket_events: TicketEventTable;
  upload_records: UploadRecordTable;
  team_invites: TeamInviteTable;
  team_invite_joins: TeamInviteJoinTable;
  panel_keys: PanelKeyTable;
  deductions: DeductionTable;
  appeals: AppealTable;
  appeal_events: AppealEventTable;
  settlements: SettlementTable;
  settlement_lines: SettlementLineTable;
  order_plans: OrderPlanTable;
  order_plan_cells: OrderPlanCellTable;
  plan_change_requests: PlanChangeRequestTable;
  comments: CommentTable;
  comment_reads: CommentReadTable;
  allocation_rules: AllocationRuleTable;
  templates: TemplateTable;
  template_versions: TemplateVersionsTable;
  /** Migrations 20261210T1000_allocation_versions (SQLite) and 20261212T1000_allocation_versions_postgres. */
  allocation_versions: AllocationVersionsTable;
  template_products: TemplateProductTable;
  template_tags: TemplateTagTable;
  template_files: TemplateFileTable;
  template_favourites: TemplateFavouriteTable;
  template_shares: TemplateShareTable;
  template_search_grams: TemplateSearchGramTable;
  exams: ExamTable;
  exam_questions: ExamQuestionTable;
  exam_attempts: ExamAttemptTable;
  exam_answers: ExamAnswerTable;
  exam_qualifications: ExamQualificationTable;
  exam_candidate_tokens: ExamCandidateTokenTable;
  courses: CourseTable;
  course_lessons: CourseLessonTable;
  lesson_progress: LessonProgressTable;
  study_assignments: StudyAssignmentTable;
  saved_views: SavedViewTable;
  saved_view_defaults: SavedViewDefaultTable;
  workbench_preferences: WorkbenchPreferenceTable;
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

/** One message per recipient (spec §3 Message); ext_json holds `{title, info}`. */
export interface MessageTable {
  id: Generated<number>;
  designer_id: number;
  message_type: number;
  title: string;
  ext_json: string;
  is_read: Generated<number>;
  created_time: string;
  read_time: string | null;
  /** When it was published on the broker; null while it waits in the outbox (announcements: never published one by one). */
  published_at: string | null;
}

/** scope: 0–3 reaches that designer_type only, 4+ everyone (spec §6). */
export interface AnnouncementTable {
  id: Generated<number>;
  title: string;
  body: string;
  scope: number;
  published_by: number | null;
  published_at: string;
  /** When it was broadcast on the `announcements` topic; null while the broadcast waits in the outbox. */
  broadcast_at: string | null;
  /**
   * When its type-29 message to every designer it reaches was written; null while they wait in the
   * outbox (written right after the publish's own commit, or by the relay).
   */
  messages_at: string | null;
  /** When its publisher last edited it; null if never. */
  updated_at: string | null;
  /** When its publisher withdrew it: it reaches nobody any more. */
  withdrawn_at: string | null;
  /** The image its publisher uploaded (`announcement/<designer>/…`), or null. */
  image_key: string | null;
  /** The server's thumbnail of that image (`announcement-thumb/…`), or null. */
  image_thumb_key: string | null;
}

export interface AnnouncementReadTable {
  announcement_id: number;
  designer_id: number;
  read_at: string;
}

/** The products an announcement is limited to (none: every product). */
export interface AnnouncementProductTable {
  announcement_id: number;
  product_id: number;
}

/**
 * A production ticket from the upstream order system (product.md §4). `status` is the spec's "0"–"7";
 * `order_markers` (from upstream) and `work_markers` (set by the platform) are the spec's two
 * comma-joined marker strings. `designer_id` / `current_allocation_id` mirror the open allocation.
 */
export interface TicketTable {
  id: Generated<number>;
  order_no: string;
  shop_id: number;
  product_id: number;
  title: string;
  requirements: Generated<string>;
  customer_notes: Generated<string>;
  attachments: Generated<string>;
  status: Generated<string>;
  order_markers: Generated<string>;
  work_markers: Generated<string>;
  stage: Generated<string>;
  allowed_minutes: number;
  started_at: string | null;
  due_at: string | null;
  fee_cents: Generated<number>;
  team_id: number | null;
  designer_id: number | null;
  current_allocation_id: number | null;
  /** When the upstream system last reported the order completed (the `completed` event); null if never. */
  completed_at: string | null;
  created_at: string;
  updated_at: string;
}

/** One designer holding one ticket; `ended_at` null = open (at most one open per ticket). */
export interface AllocationTable {
  id: Generated<number>;
  ticket_id: number;
  designer_id: number;
  how: string;
  assigned_by: number | null;
  assigned_at: string;
  ended_at: string | null;
  end_reason: string | null;
}

/** A designer's assignments on `day` (Asia/Shanghai) and their last assignment (capacity, fair spread). */
export interface DesignerLoadTable {
  designer_id: number;
  day: string;
  assigned_today: number;
  last_assigned_at: string;
}

export interface DraftTable {
  id: Generated<number>;
  ticket_id: number;
  allocation_id: number;
  designer_id: number;
  kind: string;
  files: string;
  note: Generated<string>;
  sync_status: Generated<number>;
  audit_result: string | null;
  audited_at: string | null;
  created_at: string;
}

/** The ticket timeline: who (a designer, the system or upstream) did what, when. */
export interface TicketEventTable {
  id: Generated<number>;
  ticket_id: number;
  type: string;
  actor_kind: string;
  actor_id: number | null;
  detail: Generated<string>;
  created_at: string;
}

/** Who uploaded which object key (product.md §4); written by the local object store. */
export interface UploadRecordTable {
  id: Generated<number>;
  object_key: string;
  designer_id: number;
  source: string;
  size: number;
  content_type: string;
  created_at: string;
}

/** A lead's invite link to their team: expires, limited uses, revocable (product.md §4). */
export interface TeamInviteTable {
  id: Generated<number>;
  team_id: number;
  code: string;
  created_by: number;
  expires_at: string;
  max_uses: number;
  used_count: Generated<number>;
  revoked_at: string | null;
  created_at: string;
}

/** A designer who joined a team through an invite link. */
export interface TeamInviteJoinTable {
  id: Generated<number>;
  invite_id: number;
  designer_id: number;
  joined_at: string;
}

/** A key for the public daily panel of one team; only its sha256 is stored. */
export interface PanelKeyTable {
  id: Generated<number>;
  team_id: number;
  key_hash: string;
  key_hint: string;
  created_by: number;
  revoked_at: string | null;
  created_at: string;
}

/** Money taken from a designer for a ticket: after_sales | qc (upstream) or review (a lead). */
export interface DeductionTable {
  id: Generated<number>;
  ticket_id: number;
  designer_id: number;
  team_id: number | null;
  source: string;
  amount_cents: number;
  reason: string;
  external_id: string | null;
  created_by: number | null;
  created_at: string;
}

/** type: fee | reject | draft | qc | after_sales | factory_reject; status: pending | approved | rejected. */
export interface AppealTable {
  id: Generated<number>;
  ticket_id: number;
  allocation_id: number | null;
  designer_id: number;
  team_id: number | null;
  type: string;
  deduction_id: number | null;
  reason: string;
  attachments: Generated<string>;
  requested_cents: Generated<number>;
  approved_cents: Generated<number>;
  status: Generated<string>;
  reviewer_id: number | null;
  review_note: Generated<string>;
  reviewed_at: string | null;
  created_at: string;
  updated_at: string;
}

/** The appeal's own timeline: filed | approved | rejected. */
export interface AppealEventTable {
  id: Generated<number>;
  appeal_id: number;
  type: string;
  actor_id: number | null;
  detail: Generated<string>;
  created_at: string;
}

/** Per designer per period (Asia/Shanghai days, inclusive); totals always equal the sum of its lines. */
export interface SettlementTable {
  id: Generated<number>;
  designer_id: number;
  team_id: number | null;
  period_start: string;
  period_end: string;
  status: Generated<string>;
  gross_cents: Generated<number>;
  deduction_cents: Generated<number>;
  adjustment_cents: Generated<number>;
  net_cents: Generated<number>;
  line_count: Generated<number>;
  confirmed_at: string | null;
  paid_at: string | null;
  created_at: string;
  updated_at: string;
}

/** kind: fee (+) | deduction (−) | adjustment (±); ref_key makes each posting happen once. */
export interface SettlementLineTable {
  id: Generated<number>;
  settlement_id: number;
  designer_id: number;
  kind: string;
  amount_cents: number;
  ticket_id: number | null;
  deduction_id: number | null;
  appeal_id: number | null;
  description: Generated<string>;
  ref_key: string;
  created_at: string;
}

/** A team's order plan for one week (week_start: the Monday, Asia/Shanghai YYYY-MM-DD). */
export interface OrderPlanTable {
  id: Generated<number>;
  team_id: number;
  week_start: string;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

/** A designer's planned capacity on one day; allocation uses it instead of daily_capacity. */
export interface OrderPlanCellTable {
  plan_id: number;
  designer_id: number;
  day: string;
  capacity: number;
}

/**
 * How the system picks the designer of a team's new ticket (issue #24); a team without a row uses
 * least_loaded, skill by product and capacity from the plan. Flags are 0/1.
 */
export interface AllocationRuleTable {
  team_id: number;
  strategy: string;
  skill_by_product: number;
  capacity_from_plan: number;
  updated_by: number | null;
  updated_at: string;
}

/** kind: weekly | realtime; changes: JSON [{day, capacity}]; status: pending | approved | rejected. */
export interface PlanChangeRequestTable {
  id: Generated<number>;
  plan_id: number | null;
  team_id: number;
  designer_id: number;
  week_start: string;
  kind: string;
  changes: string;
  reason: string;
  status: Generated<string>;
  reviewer_id: number | null;
  review_note: Generated<string>;
  created_at: string;
  reviewed_at: string | null;
}

/** One comment of a ticket's or an appeal's thread (subject_type: ticket | appeal); attachments and mentions are JSON. */
export interface CommentTable {
  id: Generated<number>;
  subject_type: string;
  subject_id: number;
  team_id: number | null;
  author_id: number;
  body: string;
  attachments: Generated<string>;
  mentions: Generated<string>;
  created_at: string;
  edited_at: string | null;
}

/** How far a designer has read a thread: the newest comment id they have seen. */
export interface CommentReadTable {
  designer_id: number;
  subject_type: string;
  subject_id: number;
  last_read_id: number;
}

/** A template of the library (issue #17): status private | published, featured 0/1; search_text is the lowercased title and tags. */
export interface TemplateTable {
  id: Generated<number>;
  title: string;
  category: string;
  description: Generated<string>;
  owner_id: number;
  team_id: number | null;
  status: Generated<string>;
  featured: Generated<number>;
  use_count: Generated<number>;
  search_text: Generated<string>;
  created_at: string;
  updated_at: string;
  published_at: string | null;
}

/** One row (id 1): numbers that move with what each process keeps of the library (migration 20261208T1000_template_versions). */
export interface TemplateVersionsTable {
  id: number;
  search: number | string;
  cards: number | string;
  stars: number | string;
}

/** One row (id 1) whose number moves with what the system's ranking of designers reads (migrations 20261210T1000_allocation_versions, 20261212T1000_allocation_versions_postgres). */
export interface AllocationVersionsTable {
  id: number;
  n: number;
}

export interface TemplateProductTable {
  template_id: number;
  product_id: number;
}

export interface TemplateTagTable {
  template_id: number;
  tag: string;
  position: number;
}

/** A preview image or a source file of a template (kind preview | source), in order. */
export interface TemplateFileTable {
  id: Generated<number>;
  template_id: number;
  kind: string;
  position: number;
  object_key: string;
  name: string;
  size: number;
  content_type: string;
  ext: string;
  thumb_key: string | null;
  width: number | null;
  height: number | null;
}

export interface TemplateFavouriteTable {
  designer_id: number;
  template_id: number;
  created_at: string;
}

/** A share link of a template: the token's SHA-256 only; expires_at null never expires. */
export interface TemplateShareTable {
  id: Generated<number>;
  template_id: number;
  token_hash: string;
  expires_at: string | null;
  allow_download: Generated<number>;
  created_by: number;
  created_at: string;
  revoked_at: string | null;
}

/** The search index: each distinct 1- and 2-character piece of a template's normalized title and tags. */
export interface TemplateSearchGramTable {
  gram: string;
  template_id: number;
}

/** An online exam of a team (issue #16); `pass_mark` is a percentage of the total points. */
export interface ExamTable {
  id: Generated<number>;
  team_id: number;
  title: string;
  description: Generated<string>;
  pass_mark: number;
  time_limit_minutes: number;
  /** 0: unlimited. */
  attempts_allowed: Generated<number>;
  shuffle_questions: Generated<number>;
  shuffle_options: Generated<number>;
  product_id: number | null;
  /** A course to finish before starting. */
  required_course_id: Generated<number | null>;
  is_public: Generated<number>;
  review_enabled: Generated<number>;
  /** draft | published */
  status: Generated<string>;
  created_by: number;
  created_at: string;
  updated_at: string;
}

/** A question of an exam; `answer` and `explanation` stay on the server until an attempt is submitted. */
export interface ExamQuestionTable {
  id: Generated<number>;
  exam_id: number;
  /** single | multiple | true_false | fill */
  kind: string;
  stem: string;
  /** JSON [{key, text}] */
  options: Generated<string>;
  /** JSON: the key, the keys, true/false, or the accepted texts. */
  answer: string;
  explanation: Generated<string>;
  points: number;
  position: number;
}

/** One sitting of an exam: its deadline fixed at the start, submitted once. */
export interface ExamAttemptTable {
  id: Generated<number>;
  exam_id: number;
  /** Null for a candidate's attempt until an account holds `candidate_phone`. */
  designer_id: number | null;
  started_at: string;
  deadline: string;
  submitted_at: string | null;
  /** designer | deadline */
  submitted_by: string | null;
  score: number | null;
  total_points: number;
  passed: number | null;
  /** JSON question ids in this attempt's order. */
  question_order: string;
  /** JSON {question_id: [option keys]} in this attempt's order. */
  option_order: string;
  /** The SMS-verified phone of a public exam's candidate (null for a member's attempt). */
  candidate_phone: Generated<string | null>;
}

/** A candidate's credential for one public exam: only the token's sha256 is kept. */
export interface ExamCandidateTokenTable {
  token_hash: string;
  exam_id: number;
  phone: string;
  created_at: string;
  expires_at: string;
}

/** The saved answer of one question in one attempt (the last save wins). */
export interface ExamAnswerTable {
  attempt_id: number;
  question_id: number;
  answer: string;
  saved_at: string;
}

/** The product a passed exam qualified a designer for. */
export interface ExamQualificationTable {
  designer_id: number;
  product_id: number;
  exam_id: number;
  attempt_id: number;
  qualified_at: string;
}

/** A course of a team (issue #16). */
export interface CourseTable {
  id: Generated<number>;
  team_id: number;
  title: string;
  description: Generated<string>;
  required: Generated<number>;
  is_public: Generated<number>;
  /** draft | published */
  status: Generated<string>;
  created_by: number;
  created_at: string;
  updated_at: string;
}

/** An ordered lesson: text (Markdown in `body`), video or document (an object key). */
export interface CourseLessonTable {
  id: Generated<number>;
  course_id: number;
  position: number;
  /** text | video | document */
  kind: string;
  title: string;
  body: Generated<string>;
  object_key: string | null;
  duration_seconds: Generated<number>;
}

/** A designer's progress in a lesson. */
export interface LessonProgressTable {
  designer_id: number;
  lesson_id: number;
  course_id: number;
  position_seconds: Generated<number>;
  furthest_seconds: Generated<number>;
  done_at: string | null;
  updated_at: string;
  /** A video's watch clock: the furthest point may be ahead of where it was by (now − this) × 1.5 s. */
  watch_clock: Generated<string | null>;
}

/** A course or an exam a lead gave a designer to finish by `due_at`. */
export interface StudyAssignmentTable {
  id: Generated<number>;
  team_id: number;
  /** course | exam */
  item_type: string;
  item_id: number;
  designer_id: number;
  due_at: string;
  assigned_by: number;
  assigned_at: string;
}

/** A named set of a list's filters, sort and columns (issue #18); `shared` 1: the owner's team sees it. */
export interface SavedViewTable {
  id: Generated<number>;
  designer_id: number;
  team_id: number | null;
  list: string;
  name: string;
  /** JSON object: the list endpoint's query values, as strings. */
  filters: string;
  /** JSON `{by, order}`, or null: the list's own order. */
  sort: string | null;
  /** JSON list of the item fields shown. */
  columns: string;
  shared: number;
  pinned: number;
  position: number;
  created_at: string;
  updated_at: string;
}

/** The view a list opens with, per person and list. */
export interface SavedViewDefaultTable {
  designer_id: number;
  list: string;
  view_id: number;
}

/** A person's workbench preferences; `shortcuts` null: the menu's top entries. */
export interface WorkbenchPreferenceTable {
  designer_id: number;
  color_scheme: string;
  /** JSON list of menu paths, or null. */
  shortcuts: string | null;
  /** 1 from finishing onboarding until the welcome page is left; null or 0: no welcome page. */
  welcome_pending: number | null;
  updated_at: string;
}
