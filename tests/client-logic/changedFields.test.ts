import { describe, expect, it } from 'vitest';
import { tierOf } from '../../resources.config';
import { changedFields, formValuesOf } from '../../src/tiers/changedFields';
import { account } from '../client/fixtures';

const adminEdit = tierOf('admin').editFields;

describe('edit payload: only changed fields', () => {
  const record = account() as unknown as Record<string, unknown>;
  const initial = formValuesOf(adminEdit, record);

  it('prefill: status as "true"/"false", reference and games as ids, secrets empty', () => {
    expect(initial).toMatchObject({ userStatus: 'true', refId: '1', games: ['g1'], password: '', pin: '', dateOfBirth: '1990-05-01' });
  });

  it('nothing changed → nothing to send', () => {
    expect(changedFields(adminEdit, { ...initial }, initial)).toEqual({});
    // The raw record compares equal too (date by day, games as a list, status as boolean).
    expect(changedFields(adminEdit, { ...initial, dateOfBirth: '1990-05-01T00:00:00.000Z' }, record)).toEqual({});
  });

  it('sends changed values in API form', () => {
    const values = { ...initial, firstName: 'Bo', userStatus: 'false', games: ['g1', 'g2'], password: 'newpass', commission: '7' };
    expect(changedFields(adminEdit, values, initial)).toEqual({ firstName: 'Bo', userStatus: false, games: ['g1', 'g2'], password: 'newpass', commission: 7 });
  });

  it('games compared as a list regardless of order; empty password not sent', () => {
    const r = { ...record, games: [{ _id: 'b' }, { _id: 'a' }] };
    const init = formValuesOf(adminEdit, r);
    expect(changedFields(adminEdit, { ...init, games: ['a', 'b'], password: '' }, init)).toEqual({});
  });
});
