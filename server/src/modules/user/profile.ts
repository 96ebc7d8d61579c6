import { z } from 'zod';
import type { Db } from '../../db/database.js';
import type { Designer } from '../../db/schema.js';
import { designerCode } from '../../domain/designers.js';
import { teamName } from './designer.repository.js';

export const ROLE_BY_TYPE = ['role_admin', 'role_user', 'role_part_time', 'role_part_time'] as const;

/** Permission strings per designer type; team leads hold the wildcard. */
const PERMISSIONS_BY_TYPE: Record<number, string[]> = {
  0: ['*:*:*'],
  1: ['ticket:view', 'ticket:upload', 'ticket:download', 'appeal:create', 'fee:view', 'message:view'],
  2: ['ticket:view', 'ticket:upload', 'ticket:download', 'appeal:create', 'fee:view', 'message:view', 'hall:grab'],
  3: ['ticket:view', 'ticket:upload', 'ticket:download', 'appeal:create', 'fee:view', 'message:view', 'hall:grab'],
};

export const TEAM_ROLE_TEXT: Record<string, string> = { lead: '团队负责人', member: '团队成员' };

export const profileSchema = z
  .object({
    id: z.number().int(),
    designer_id: z.string(),
    designer_type: z.number().int().min(0).max(3),
    roles: z.array(z.string()),
    permissions: z.array(z.string()),
    nickname: z.string(),
    avatar: z.string(),
    wechat: z.string(),
    company_wechat: z.string(),
    phone: z.string(),
    real_name: z.string(),
    email: z.string(),
    gender: z.number().int(),
    city: z.string(),
    work_purpose: z.string(),
    available_time: z.string(),
    current_occupation: z.string(),
    current_registration_step: z.number().int(),
    specialty_tags: z.array(z.string()),
    software_tags: z.array(z.string()),
    invite_code: z.string(),
    team_id: z.number().int().nullable(),
    team_role: z.string(),
    team_name: z.string(),
    account_status: z.number().int(),
    online_ticket_status: z.number().int(),
    create_time: z.string(),
  })
  .meta({ id: 'UserProfile' });

export type Profile = z.infer<typeof profileSchema>;

function parseTags(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** designer_id is the designer's public id (also the MQTT client id): `D` + 6-digit number. */

export async function toProfile(db: Db, d: Designer): Promise<Profile> {
  const team = d.team_id ? await teamName(db, d.team_id) : undefined;
  return {
    id: d.id,
    designer_id: designerCode(d.id),
    designer_type: d.designer_type,
    roles: [ROLE_BY_TYPE[d.designer_type] ?? 'role_user'],
    permissions: PERMISSIONS_BY_TYPE[d.designer_type] ?? [],
    nickname: d.nickname,
    avatar: d.avatar,
    wechat: d.wechat,
    company_wechat: d.company_wechat,
    phone: d.phone,
    real_name: d.real_name,
    email: d.email,
    gender: d.gender,
    city: d.city,
    work_purpose: d.work_purpose,
    available_time: d.available_time,
    current_occupation: d.current_occupation,
    current_registration_step: d.current_registration_step,
    specialty_tags: parseTags(d.specialty_tags),
    software_tags: parseTags(d.software_tags),
    invite_code: d.invite_code,
    team_id: d.team_id,
    team_role: d.team_role,
    team_name: team ?? '',
    account_status: d.account_status,
    online_ticket_status: d.online_ticket_status,
    create_time: d.create_time,
  };
}
