import { validateAccount } from '../../domain/accountValidation';
import { tierOf } from '../../resources.config';

const messageFor = (field: string, value: unknown) =>
  validateAccount(tierOf('player').editFields, { [field]: value }, true).find((e) => e.field === field)?.message ?? null;

describe('digit fields', () => {
  it('say the real rule for a value of the wrong length, and "must be a number" only for one that is not', () => {
    expect(messageFor('phone', '12')).toBe('Phone number must be 3 to 15 digits');
    expect(messageFor('phone', '+1234567890123456')).toBe('Phone number must be 3 to 15 digits');
    expect(messageFor('phone', 'call me')).toBe('Phone number must be a number');
    expect(messageFor('phone', '+919876543210')).toBeNull();
    expect(messageFor('pinCode', '5')).toBe('PIN Code must be 3 to 15 digits');
    expect(messageFor('pinCode', '560001')).toBeNull();
  });
});

describe('points on screen', () => {
  it('show two decimals with thousands separators, and a placeholder while unknown', async () => {
    const { formatPoints } = await import('../../domain/money');
    expect(formatPoints(10000)).toBe('10,000.00');
    expect(formatPoints(-1234567.5)).toBe('-1,234,567.50');
    expect(formatPoints(0)).toBe('0.00');
    expect(formatPoints(undefined)).toBe('—');
  });
});
