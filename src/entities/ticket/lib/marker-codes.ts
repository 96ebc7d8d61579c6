/**
 * The marker codes alone (spec §3), for validating search params and requests without the
 * labels and names (markers.ts), which only the screens need.
 */
const CODES = [
  'ABNORMAL', 'URGENT', 'PAUSE', 'OVERRULE', 'RETURN', 'MERGE', 'SUBMIT', 'CHANGE', 'MATCH_SIZE', 'PROOF',
  'AFTER', 'FILE_ERROR', 'SPLIT', 'MAIN', 'SUB', 'ADVANCE', 'SPREAD', 'NOT_DESIGN', 'PERFORMANCE', 'SAME_FILE',
  'LOCK', 'DRAFT_AUDIT', 'OLD_CUS', 'SELF', 'FACTORY_REJECT', 'MATCH_FILE', 'LATE', 'SUBSTITUTE', 'REJECT',
  'PRT_PURCHASE', 'PRT_WAYBILL', 'CUSTOM', 'CHANGE_FEE', 'ADVANCED_LOGISTICS', 'UGT', 'MANUAL_CHANGE', 'NOTIFIED',
] as const;

export type MarkerCode = (typeof CODES)[number];

const KNOWN: ReadonlySet<string> = new Set(CODES);

export function isMarkerCode(code: string): code is MarkerCode {
  return KNOWN.has(code);
}
