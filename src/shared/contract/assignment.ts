/**
 * The safe-assignment contract shared by the server (modules/tickets/assignment-risks.ts) and the
 * SPA (entities/ticket): what giving tickets to a designer may risk, and how each risk reads to a
 * lead in the 409's message, the dialogs and the timeline (issue #24).
 */
export const ASSIGN_RISKS = ['offline', 'over_capacity', 'unqualified'] as const;
export type AssignRisk = (typeof ASSIGN_RISKS)[number];

export const RISK_TEXT: Record<AssignRisk, string> = {
  offline: '离线（未开启接单）',
  over_capacity: '超出今日接单上限',
  unqualified: '不具备该产品资质',
};
