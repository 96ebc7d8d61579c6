/**
 * Money on screen. Amounts travel in integer cents (fen); they are shown in yuan with a thousands
 * separator and two decimals: 123450 → '¥1,234.50'. Arithmetic stays in integers, never floats.
 */
export function formatCents(cents: number, options: { signed?: boolean } = {}): string {
  const value = Math.trunc(cents);
  const abs = Math.abs(value);
  const yuan = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fen = String(abs % 100).padStart(2, '0');
  const sign = value < 0 ? '-' : options.signed && value > 0 ? '+' : '';
  return `${sign}¥${yuan}.${fen}`;
}

/**
 * Yuan as typed by a person ('12', '12.5', '1,234.56') → integer cents; undefined when it is not
 * an amount with at most two decimals.
 */
export function yuanToCents(input: string | number): number | undefined {
  const text = String(input).trim().replace(/[,，\s]/g, '').replace(/^¥/, '');
  const m = /^(\d{1,12})(?:\.(\d{0,2}))?$/.exec(text);
  if (!m) return undefined;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** Cents as a plain yuan figure for an input field: 1250 → '12.50'. */
export function centsToYuanText(cents: number): string {
  return formatCents(cents).replace(/[¥,+]/g, '');
}
