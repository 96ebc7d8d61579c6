import { describe, expect, it } from 'vitest';
import { parseSettingsForm } from './designer-settings-form';

describe('designer settings form', () => {
  it('takes a whole capacity 0..200 and the chosen products', () => {
    expect(parseSettingsForm({ dailyCapacity: ' 12 ', productIds: ['1', '3'] })).toEqual({ ok: true, body: { daily_capacity: 12, product_ids: [1, 3] } });
    expect(parseSettingsForm({ dailyCapacity: '0', productIds: [] })).toEqual({ ok: true, body: { daily_capacity: 0, product_ids: [] } });
  });
  it('names what is wrong with the capacity', () => {
    expect(parseSettingsForm({ dailyCapacity: '', productIds: [] })).toEqual({ ok: false, errors: { daily_capacity: '请填写每日接单上限' } });
    expect(parseSettingsForm({ dailyCapacity: '2.5', productIds: [] })).toEqual({ ok: false, errors: { daily_capacity: '每日接单上限须为0-200的整数' } });
    expect(parseSettingsForm({ dailyCapacity: '-1', productIds: [] })).toEqual({ ok: false, errors: { daily_capacity: '每日接单上限须为0-200的整数' } });
    expect(parseSettingsForm({ dailyCapacity: '201', productIds: [] })).toEqual({ ok: false, errors: { daily_capacity: '每日接单量不能超过200' } });
  });
});
