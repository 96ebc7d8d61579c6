/**
 * Designers as every module names them: the public designer_id (`D` + six digits, also the MQTT
 * username), how a person is shown, the zod rule for a designer_id in a request, and the
 * onboarding step that counts as finished.
 */
import { z } from 'zod';
import type { Designer } from '../db/schema.js';
import { MAX_ROW_ID } from '../lib/http.js';

export function designerCode(id: number): string {
  return `D${String(id).padStart(6, '0')}`;
}

/** The row id of a designer_id; undefined when it is not one (or names an id no row can have). */
export function parseDesignerCode(code: string): number | undefined {
  const m = /^D(\d{6,})$/.exec(code);
  const id = m ? Number(m[1]) : undefined;
  return id !== undefined && id <= MAX_ROW_ID ? id : undefined;
}

/** A phone as others see it: 138****0000 (never whole). */
export function maskPhone(phone: string): string {
  return phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : `${phone.slice(0, 3)}****`;
}

export function displayName(d: Pick<Designer, 'id' | 'real_name' | 'nickname'>): string {
  return d.real_name || d.nickname || designerCode(d.id);
}

export const designerCodeSchema = z
  .string({ error: '请选择设计师' })
  .regex(/^D\d{6,}$/, { error: '设计师编号格式不正确' })
  .refine((code) => parseDesignerCode(code) !== undefined, { error: '设计师编号格式不正确' })
  .describe('designer_id, e.g. D000002');

/** The registration step at which onboarding is complete (spec §2 onboarding: six steps); below it a designer gets no tickets. */
export const REGISTRATION_COMPLETE_STEP = 6;
