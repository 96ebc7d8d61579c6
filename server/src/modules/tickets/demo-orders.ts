/**
 * Realistic-looking orders for the demo seed, the simulator and the bench. Deterministic for a
 * given random source.
 */
import type { OrderInput } from './ticket.schemas.js';

export type Random = () => number;

/** mulberry32: a small seeded PRNG, so demo data is the same on every fresh start. */
export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(rand: Random, items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;

const CUSTOMERS = ['张女士', '李先生', '王老板', '陈小姐', '刘经理', '杨先生', '赵女士', '黄先生', '周小姐', '吴老板', '徐经理', '孙女士'];
const STYLES = ['简约风', '国潮风', '清新风', '复古风', '商务风', '可爱风', '高端大气', '极简白', '森系', '节日主题'];
const BRIEFS = [
  '请按照客户提供的Logo和文案排版，主色调参考附件图片。',
  '需要出两版方案供客户选择，文字内容见备注。',
  '客户要求突出产品卖点，图片由客户提供，注意出血3mm。',
  '沿用客户上次订单的版式，只更换文字和二维码。',
  '尺寸以下单规格为准，文字需转曲，颜色使用CMYK。',
  '客户希望整体风格年轻活泼，可适当使用插画元素。',
];
const NOTES = ['', '', '客户比较着急，请尽快出初稿', '二维码请放在右下角', '字体不要用宋体', '老客户，按上次风格即可', '周末前需要定稿'];
const ORDER_MARKER_SETS = ['', '', '', 'URGENT', 'PROOF', 'OLD_CUS', 'URGENT,OLD_CUS', 'AFTER', 'CUSTOM', 'MATCH_SIZE', 'UGT,URGENT', 'SAME_FILE'];
const MINUTES = [240, 480, 720, 1440, 2880];

/**
 * The object key of an order's reference image, as upstream hands it over (a private `attachment/`
 * object). Whoever names it also writes the image there (demo seed, simulator).
 */
export function referenceImageKey(orderNo: string): string {
  return `attachment/reference/${orderNo}/reference.png`;
}

/** The customer's reference image of an order. */
export function referenceAttachment(orderNo: string, customer: string): { name: string; url: string; content_type: string } {
  return { name: `${customer}-参考图.png`, url: referenceImageKey(orderNo), content_type: 'image/png' };
}

/** One order for `product` from `shop`; `orderNo` is the caller's (unique) number. */
export function demoOrder(
  rand: Random,
  orderNo: string,
  shop: { id: number },
  product: { id: number; name: string },
  extra: Partial<OrderInput> = {},
): OrderInput {
  const customer = pick(rand, CUSTOMERS);
  return {
    order_no: orderNo,
    shop_id: shop.id,
    product_id: product.id,
    title: `${product.name}设计｜${pick(rand, STYLES)}｜${customer}`,
    requirements: `${pick(rand, BRIEFS)}\n数量：${(1 + Math.floor(rand() * 20)) * 100}份。`,
    customer_notes: pick(rand, NOTES),
    attachments: rand() < 0.5 ? [referenceAttachment(orderNo, customer)] : [],
    order_markers: pick(rand, ORDER_MARKER_SETS),
    allowed_minutes: pick(rand, MINUTES),
    fee_cents: (15 + Math.floor(rand() * 106)) * 100,
    status: rand() < 0.06 ? '7' : '0',
    ...extra,
  };
}

/** A fresh, readable order number: SIM + Shanghai date-time + random digits. */
export function newOrderNo(prefix: string, ms: number, rand: Random = Math.random): string {
  const stamp = new Date(ms + 8 * 3600_000).toISOString().replace(/\D/g, '').slice(2, 14);
  return `${prefix}${stamp}${String(Math.floor(rand() * 1e6)).padStart(6, '0')}`;
}
