/**
 * The public daily panel (spec §2 /order-daily-panel): a TV screen of a team's figures for today,
 * opened with a key a lead issues. A key is shown once; only its hash is stored. README.md states
 * the rules and defines the figures.
 */
import type { Db } from '../../db/database.js';
import type { Designer } from '../../db/schema.js';
import { newToken, sha256 } from '../../lib/crypto.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { nowIso, nowMs } from '../../lib/time.js';
import { shanghaiDay, shanghaiDayStart } from '../../domain/calendar.js';
import { findPanelKeyByHash, findTeamPanelKey, insertPanelKey, panelTicketFigures, revokePanelKey, teamPanelKeys } from './daily-panel.repository.js';
import { findTeam } from './team.repository.js';
import type { DailyPanelView, PanelKeyView } from './team.schemas.js';
import { LINKS_LEADS_ONLY } from './team-invite.service.js';
import { leadTeamOf } from './team.service.js';

/** How many keys the list shows. */
const LIST_LIMIT = 100;

export interface DailyPanelServiceDeps {
  db: Db;
}

export type DailyPanelService = ReturnType<typeof createDailyPanelService>;

export function createDailyPanelService({ db }: DailyPanelServiceDeps) {
  /** Issues a key for the lead's team: `P` + a 32-byte token, returned this once. */
  async function issueKey(lead: Designer): Promise<PanelKeyView & { key: string }> {
    const teamId = leadTeamOf(lead, LINKS_LEADS_ONLY);
    const key = `P${newToken()}`;
    const row = await insertPanelKey(db, { team_id: teamId, key_hash: sha256(key), key_hint: `${key.slice(0, 4)}…${key.slice(-4)}`, created_by: lead.id, created_at: nowIso() });
    return { ...row, key };
  }

  /** The lead's team's newest keys (hints only). */
  function listKeys(lead: Designer): Promise<PanelKeyView[]> {
    return teamPanelKeys(db, leadTeamOf(lead, LINKS_LEADS_ONLY), LIST_LIMIT);
  }

  /** Revokes one of the lead's team's keys (another team's: 404); revoking twice changes nothing. */
  async function revokeKey(lead: Designer, id: number): Promise<void> {
    const teamId = leadTeamOf(lead, LINKS_LEADS_ONLY);
    const row = await findTeamPanelKey(db, teamId, id);
    if (!row) throw notFound('大屏密钥不存在');
    if (!row.revoked_at) await revokePanelKey(db, row.id, nowIso());
  }

  /** Public: today's (Asia/Shanghai) figures of the key's team; 403 for a missing, unknown or revoked key. */
  async function panel(key: string): Promise<DailyPanelView> {
    const row = key ? await findPanelKeyByHash(db, sha256(key)) : undefined;
    if (!row) throw forbidden('大屏密钥无效，请向团队负责人索取正确的链接');
    if (row.revoked_at) throw forbidden('大屏密钥已被撤销，请向团队负责人索取新的链接');
    const team = await findTeam(db, row.team_id);
    const ms = nowMs();
    const now = new Date(ms).toISOString();
    const day = shanghaiDay(ms);
    const start = shanghaiDayStart(day);
    const f = await panelTicketFigures(db, row.team_id, start, now);
    const hourly = Array.from({ length: 24 }, () => 0);
    for (const createdAt of f.receivedAt) {
      const h = Math.floor((Date.parse(createdAt) - Date.parse(start)) / 3600_000);
      if (h >= 0 && h < 24) hourly[h]! += 1;
    }
    return {
      team_name: team.name,
      day,
      received: f.receivedAt.length,
      in_progress: f.inProgress,
      completed: f.completed,
      overdue: f.overdue,
      hourly,
      generated_at: now,
    };
  }

  return { issueKey, listKeys, revokeKey, panel };
}
