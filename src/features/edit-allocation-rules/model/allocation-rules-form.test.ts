import { describe, expect, it } from 'vitest';
import { rulesChanged, rulesInput } from './allocation-rules-form';

const saved = { strategy: 'least_loaded', skill_by_product: true, capacity_from_plan: true, updated_at: null, updated_by_name: null } as const;

describe('allocation rules form', () => {
  it('sends only the three rules', () => {
    expect(rulesInput({ ...saved, strategy: 'round_robin' })).toEqual({ strategy: 'round_robin', skill_by_product: true, capacity_from_plan: true });
  });
  it('is changed when any rule differs from what is saved, and not before the rules have loaded', () => {
    expect(rulesChanged(saved, saved)).toBe(false);
    expect(rulesChanged(saved, { ...saved, skill_by_product: false })).toBe(true);
    expect(rulesChanged(saved, { ...saved, capacity_from_plan: false })).toBe(true);
    expect(rulesChanged(saved, { ...saved, strategy: 'round_robin' })).toBe(true);
    expect(rulesChanged(undefined, saved)).toBe(false);
  });
});
