import { describe, expect, it } from 'vitest';
import { isMarkerCode, MARKER_CODES, MARKERS, parseMarkerCodes, parseMarkers } from './markers';

const SPEC_CODES = [
  'ABNORMAL', 'URGENT', 'PAUSE', 'OVERRULE', 'RETURN', 'MERGE', 'SUBMIT', 'CHANGE', 'MATCH_SIZE', 'PROOF',
  'AFTER', 'FILE_ERROR', 'SPLIT', 'MAIN', 'SUB', 'ADVANCE', 'SPREAD', 'NOT_DESIGN', 'PERFORMANCE', 'SAME_FILE',
  'LOCK', 'DRAFT_AUDIT', 'OLD_CUS', 'SELF', 'FACTORY_REJECT', 'MATCH_FILE', 'LATE', 'SUBSTITUTE', 'REJECT',
  'PRT_PURCHASE', 'PRT_WAYBILL', 'CUSTOM', 'CHANGE_FEE', 'ADVANCED_LOGISTICS', 'UGT', 'MANUAL_CHANGE', 'NOTIFIED',
];

describe('marker table (spec §3)', () => {
  it('has every spec code, in the spec order', () => {
    expect(MARKER_CODES).toEqual(SPEC_CODES);
  });

  it('gives each code a distinct one-character label and a full name', () => {
    const labels = MARKER_CODES.map((c) => MARKERS[c].label);
    for (const label of labels) expect([...label]).toHaveLength(1);
    expect(new Set(labels).size).toBe(labels.length);
    for (const c of MARKER_CODES) expect(MARKERS[c].name.length).toBeGreaterThan(1);
  });

  it('uses the expected characters', () => {
    expect(MARKERS.ABNORMAL.label).toBe('异');
    expect(MARKERS.URGENT.label).toBe('急');
    expect(MARKERS.OVERRULE.label).toBe('驳');
    expect(MARKERS.REJECT.label).toBe('回');
    expect(MARKERS.NOTIFIED.label).toBe('通');
  });

  it('knows only its own codes', () => {
    expect(isMarkerCode('URGENT')).toBe(true);
    expect(isMarkerCode('urgent')).toBe(false);
    expect(isMarkerCode('toString')).toBe(false);
    expect(isMarkerCode('__proto__')).toBe(false);
    expect(isMarkerCode('')).toBe(false);
  });
});

describe('parseMarkers', () => {
  it('reads both comma-joined strings, first then second', () => {
    expect(parseMarkerCodes('URGENT,PAUSE', 'LOCK')).toEqual(['URGENT', 'PAUSE', 'LOCK']);
    expect(parseMarkerCodes('LOCK', 'URGENT,PAUSE')).toEqual(['LOCK', 'URGENT', 'PAUSE']);
  });

  it('drops unknown codes', () => {
    expect(parseMarkerCodes('URGENT,FOO,,bar', 'NOPE,LOCK')).toEqual(['URGENT', 'LOCK']);
    expect(parseMarkerCodes('urgent')).toEqual([]);
  });

  it('removes duplicates within and across the strings, keeping the first place', () => {
    expect(parseMarkerCodes('PAUSE,URGENT,PAUSE', 'URGENT,MAIN,PAUSE')).toEqual(['PAUSE', 'URGENT', 'MAIN']);
  });

  it('trims whitespace around codes', () => {
    expect(parseMarkerCodes(' URGENT , PAUSE\t', '\nLOCK ')).toEqual(['URGENT', 'PAUSE', 'LOCK']);
  });

  it('takes missing, null and empty strings as no markers', () => {
    expect(parseMarkerCodes()).toEqual([]);
    expect(parseMarkerCodes(null, null)).toEqual([]);
    expect(parseMarkerCodes('', '')).toEqual([]);
    expect(parseMarkerCodes(' , ,', undefined)).toEqual([]);
    expect(parseMarkerCodes(null, 'SUB')).toEqual(['SUB']);
  });

  it('returns each code with its label and name', () => {
    expect(parseMarkers('ABNORMAL', 'REJECT,ABNORMAL')).toEqual([
      { code: 'ABNORMAL', label: '异', name: MARKERS.ABNORMAL.name },
      { code: 'REJECT', label: '回', name: MARKERS.REJECT.name },
    ]);
  });
});
