import { describe, expect, it } from 'vitest';
import { maskPhone } from './mask';

describe('maskPhone', () => {
  it('hides the middle four digits of a mainland mobile number', () => {
    expect(maskPhone('13800000001')).toBe('138****0001');
    expect(maskPhone('19912345678')).toBe('199****5678');
  });
  it('leaves values too short to mask unchanged', () => {
    expect(maskPhone('')).toBe('');
    expect(maskPhone('12345')).toBe('12345');
  });
});
