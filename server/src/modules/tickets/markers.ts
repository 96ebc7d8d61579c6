/**
 * Order marker codes of spec §3 (the SPA owns their one-character labels). Markers travel as two
 * comma-joined strings, the order's (from upstream) and the platform's own; unknown codes are
 * dropped and duplicates removed.
 */
export const MARKER_CODES = [
  'ABNORMAL',
  'URGENT',
  'PAUSE',
  'OVERRULE',
  'RETURN',
  'MERGE',
  'SUBMIT',
  'CHANGE',
  'MATCH_SIZE',
  'PROOF',
  'AFTER',
  'FILE_ERROR',
  'SPLIT',
  'MAIN',
  'SUB',
  'ADVANCE',
  'SPREAD',
  'NOT_DESIGN',
  'PERFORMANCE',
  'SAME_FILE',
  'LOCK',
  'DRAFT_AUDIT',
  'OLD_CUS',
  'SELF',
  'FACTORY_REJECT',
  'MATCH_FILE',
  'LATE',
  'SUBSTITUTE',
  'REJECT',
  'PRT_PURCHASE',
  'PRT_WAYBILL',
  'CUSTOM',
  'CHANGE_FEE',
  'ADVANCED_LOGISTICS',
  'UGT',
  'MANUAL_CHANGE',
  'NOTIFIED',
] as const;

export type MarkerCode = (typeof MARKER_CODES)[number];
const KNOWN = new Set<string>(MARKER_CODES);

export function isMarkerCode(code: string): code is MarkerCode {
  return KNOWN.has(code);
}

/** The known codes of comma-joined marker strings, in order, without duplicates. */
export function parseMarkers(...inputs: (string | null | undefined)[]): MarkerCode[] {
  const out: MarkerCode[] = [];
  for (const input of inputs) {
    for (const raw of (input ?? '').split(',')) {
      const code = raw.trim().toUpperCase();
      if (isMarkerCode(code) && !out.includes(code)) out.push(code);
    }
  }
  return out;
}

/** Normalised comma-joined form (what the tables store). */
export function joinMarkers(...inputs: (string | null | undefined)[]): string {
  return parseMarkers(...inputs).join(',');
}

/** `markers` plus `code` (once). */
export function withMarker(markers: string, code: MarkerCode): string {
  return joinMarkers(markers, code);
}
