import type { Migration, MigrationProvider } from 'kysely';
import * as init from './20261122T1000_init.js';
import * as messages from './20261122T1100_messages.js';
import * as tickets from './20261123T1000_tickets.js';
import * as uploadRecords from './20261123T1100_upload_records.js';
import * as teamLinks from './20261124T1000_team_links.js';
import * as appealsSettlements from './20261125T1000_appeals_settlements.js';
import * as orderPlans from './20261126T1000_order_plans.js';
import * as changeNotices from './20261127T1000_change_notices.js';
import * as messageOutbox from './20261128T1000_message_outbox.js';
import * as announcementBroadcastOutbox from './20261129T1000_announcement_broadcast_outbox.js';
import * as designerReferrer from './20261130T1000_designer_referrer.js';
import * as announcementEdits from './20261201T1000_announcement_edits.js';
import * as comments from './20261202T1000_comments.js';
import * as allocationRules from './20261202T1100_allocation_rules.js';
import * as templates from './20261203T1000_templates.js';
import * as exams from './20261203T1000_exams.js';
import * as courses from './20261203T1100_courses.js';
import * as studyAssignments from './20261203T1200_study_assignments.js';
import * as templateListIndexes from './20261204T1000_template_list_indexes.js';
import * as templateVersions from './20261208T1000_template_versions.js';
import * as allocationVersions from './20261210T1000_allocation_versions.js';
import * as ticketSearchTitles from './20261211T1000_ticket_search_titles.js';
import * as allocationVersionsPostgres from './20261212T1000_allocation_versions_postgres.js';
import * as announcementMessagesOutbox from './20261209T1000_announcement_messages_outbox.js';
import * as examCandidates from './20261204T1000_exam_candidates.js';
import * as ticketSearch from './20261204T1000_ticket_search.js';
import * as workbench from './20261204T1300_workbench.js';
import * as workbenchWelcome from './20261205T1000_workbench_welcome.js';
import * as announcementImages from './20261205T1100_announcement_images.js';
import * as homeNotices from './20261206T1000_home_notices.js';
import * as ticketCompletedAt from './20261207T1000_ticket_completed_at.js';

/** Every migration, by name. Names carry a timestamp; a landed migration is never edited. */
const migrations: Record<string, Migration> = {
  '20261122T1000_init': init,
  '20261122T1100_messages': messages,
  '20261123T1000_tickets': tickets,
  '20261123T1100_upload_records': uploadRecords,
  '20261124T1000_team_links': teamLinks,
  '20261125T1000_appeals_settlements': appealsSettlements,
  '20261126T1000_order_plans': orderPlans,
  '20261127T1000_change_notices': changeNotices,
  '20261128T1000_message_outbox': messageOutbox,
  '20261129T1000_announcement_broadcast_outbox': announcementBroadcastOutbox,
  '20261130T1000_designer_referrer': designerReferrer,
  '20261201T1000_announcement_edits': announcementEdits,
  '20261202T1000_comments': comments,
  '20261202T1100_allocation_rules': allocationRules,
  '20261203T1000_templates': templates,
  '20261203T1000_exams': exams,
  '20261203T1100_courses': courses,
  '20261203T1200_study_assignments': studyAssignments,
  '20261204T1000_template_list_indexes': templateListIndexes,
  '20261204T1000_exam_candidates': examCandidates,
  '20261204T1000_ticket_search': ticketSearch,
  '20261204T1300_workbench': workbench,
  '20261205T1000_workbench_welcome': workbenchWelcome,
  '20261205T1100_announcement_images': announcementImages,
  '20261206T1000_home_notices': homeNotices,
  '20261207T1000_ticket_completed_at': ticketCompletedAt,
  '20261208T1000_template_versions': templateVersions,
  '20261209T1000_announcement_messages_outbox': announcementMessagesOutbox,
  '20261210T1000_allocation_versions': allocationVersions,
  '20261211T1000_ticket_search_titles': ticketSearchTitles,
  '20261212T1000_allocation_versions_postgres': allocationVersionsPostgres,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
