/** 13800000001 → 138****0001; anything too short to mask is shown as is. */
export function maskPhone(phone: string): string {
  const p = phone.trim();
  if (p.length < 8) return p;
  return `${p.slice(0, 3)}****${p.slice(-4)}`;
}
