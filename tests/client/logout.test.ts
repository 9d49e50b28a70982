import { describe, expect, it } from 'vitest';
import { logoutRequest } from '../../src/auth/login';
import { getToken } from '../../src/auth/session';
import { loginAs } from './fixtures';
import { recordApi } from './msw';

describe('logout', () => {
  it('is a POST (the server refuses a cross-site logout) and clears the stored session', async () => {
    loginAs('admin');
    const calls = recordApi(() => ({ json: { success: true, message: 'Logout successful.' } }));
    await logoutRequest();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/auth/logout']);
    expect(calls[0].headers.get('authorization')).toBe('Bearer tok-123');
    expect(getToken()).toBeNull();
  });
});
