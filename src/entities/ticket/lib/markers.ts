import { isMarkerCode, type MarkerCode } from './marker-codes';

export { isMarkerCode, type MarkerCode };

/**
 * Order markers (spec §3): each code is shown as a one-character label, with its full Chinese name
 * as the tooltip. Markers arrive as two comma-joined strings (the order's and the platform's own).
 */
export const MARKERS = {
  ABNORMAL: { label: '异', name: '异常' },
  URGENT: { label: '急', name: '紧急' },
  PAUSE: { label: '停', name: '暂停' },
  OVERRULE: { label: '驳', name: '驳回' },
  RETURN: { label: '退', name: '退回' },
  MERGE: { label: '合', name: '合并' },
  SUBMIT: { label: '交', name: '已提交' },
  CHANGE: { label: '改', name: '已修改' },
  MATCH_SIZE: { label: '尺', name: '尺寸匹配' },
  PROOF: { label: '样', name: '打样' },
  AFTER: { label: '售', name: '售后' },
  FILE_ERROR: { label: '错', name: '文件错误' },
  SPLIT: { label: '拆', name: '拆单' },
  MAIN: { label: '主', name: '主单' },
  SUB: { label: '子', name: '子单' },
  ADVANCE: { label: '预', name: '预先处理' },
  SPREAD: { label: '附', name: '附加单' },
  NOT_DESIGN: { label: '免', name: '免设计（额外）' },
  PERFORMANCE: { label: '绩', name: '绩效' },
  SAME_FILE: { label: '同', name: '同文件' },
  LOCK: { label: '锁', name: '已锁定' },
  DRAFT_AUDIT: { label: '审', name: '稿件审核' },
  OLD_CUS: { label: '老', name: '老客户' },
  SELF: { label: '自', name: '自带稿件' },
  FACTORY_REJECT: { label: '拒', name: '工厂拒单' },
  MATCH_FILE: { label: '配', name: '已匹配文件' },
  LATE: { label: '晚', name: '延迟' },
  SUBSTITUTE: { label: '替', name: '替代' },
  // OVERRULE already shows 驳; a distinct character keeps the two apart in the table.
  REJECT: { label: '回', name: '已拒绝' },
  PRT_PURCHASE: { label: '采', name: '采购单' },
  PRT_WAYBILL: { label: '单', name: '电子面单' },
  CUSTOM: { label: '定', name: '定制' },
  CHANGE_FEE: { label: '费', name: '费用变更' },
  ADVANCED_LOGISTICS: { label: '升', name: '物流升级' },
  UGT: { label: '加', name: '加急' },
  MANUAL_CHANGE: { label: '调', name: '人工调整' },
  NOTIFIED: { label: '通', name: '已通知' },
} as const satisfies Record<MarkerCode, { label: string; name: string }>;

/** Every known code, in the spec's order. */
export const MARKER_CODES = Object.keys(MARKERS) as MarkerCode[];

export interface Marker {
  code: MarkerCode;
  /** One character, shown in the table. */
  label: string;
  /** Full Chinese name, for the tooltip. */
  name: string;
}


/**
 * The known codes of the two comma-joined marker strings, in their order (the first string's
 * codes first): each code trimmed, unknown ones dropped, duplicates removed. Codes are matched
 * exactly (the server stores them upper-case).
 */
export function parseMarkerCodes(a?: string | null, b?: string | null): MarkerCode[] {
  const out: MarkerCode[] = [];
  for (const input of [a, b]) {
    if (!input) continue;
    for (const raw of input.split(',')) {
      const code = raw.trim();
      if (isMarkerCode(code) && !out.includes(code)) out.push(code);
    }
  }
  return out;
}

/** As parseMarkerCodes, with each code's label and name. */
export function parseMarkers(a?: string | null, b?: string | null): Marker[] {
  return parseMarkerCodes(a, b).map((code) => ({ code, ...MARKERS[code] }));
}
