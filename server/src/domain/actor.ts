/** Who did something recorded on a timeline (tickets, appeals): a designer, the system, or upstream. */
export type Actor = { kind: 'designer'; id: number } | { kind: 'system' } | { kind: 'upstream' };
export const SYSTEM: Actor = { kind: 'system' };
export const UPSTREAM: Actor = { kind: 'upstream' };

export const ACTOR_NAMES = { system: '系统', upstream: '订单系统' } as const;
