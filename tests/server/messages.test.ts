import { describe, expect, it } from 'vitest';
import { validateAccount } from '../../domain/accountValidation';
import { MESSAGES, msg } from '../../domain/messages';
import { tierOf } from '../../resources.config';
import { en } from '../../src/i18n/en';
import { translate, translateMessage } from '../../src/i18n/translate';
import { API_PATHS } from '../../domain/apiPaths';
import { fromSchemaMessage, schemaMessage } from '../../server/http/schemaMessages';
import { call, createAs, engineAvailable, loginAs, useHarness, validBody } from './harness';

describe('one text per message (pure)', () => {
  it('the domain validator answers a code and params beside the English text', () => {
    const fields = tierOf('admin').createFields;
    const errors = validateAccount(fields, { email: 'nope' }, true);
    expect(errors).toEqual([{ field: 'email', code: 'invalidEmail', params: {}, message: 'Please enter a valid email address' }]);
    const first = fields.find((f) => f.required && !f.requiredMessage);
    const missing = validateAccount(fields, {}, false).find((e) => e.field === first?.name);
    expect(missing).toMatchObject({ code: 'required', params: { field: first?.label }, message: `${first?.label} is required` });
  });

  it('the client texts hold every code once, from domain/messages.ts, and translate by code', () => {
    expect(en.td.errors).toBe(MESSAGES);
    for (const code of Object.keys(MESSAGES) as (keyof typeof MESSAGES)[]) {
      const m = msg(code, { field: 'F', name: 'n', sort: 's', method: 'GET', url: '/x' });
      expect(translate(`td.errors.${code}`, m.params)).toBe(m.message);
    }
    // An uncoded server text is shown as given; a coded one goes through the client's texts.
    expect(translateMessage({ message: 'Whatever the server said.' })).toBe('Whatever the server said.');
    expect(translateMessage({ message: 'ignored', code: 'required', params: { field: 'Email' } })).toBe('Email is required');
  });

  it("a body schema's message is a code with its params, and only a key of a known code reads as one", () => {
    expect(fromSchemaMessage(schemaMessage('timeAtLeast', { min: 5 }))).toEqual({ code: 'timeAtLeast', params: { min: 5 }, message: 'Time is 5 seconds at least' });
    expect(fromSchemaMessage('Time is 5 seconds at least')).toBeNull();
    expect(fromSchemaMessage(undefined)).toBeNull();
    expect(fromSchemaMessage(schemaMessage('timeAtLeast').replace('timeAtLeast', 'noSuchCode'))).toBeNull();
  });
});

describe.runIf(engineAvailable())('error envelopes carry {code, params}', () => {
  const h = useHarness();

  it('field errors, list parameters, access and routing answer a code beside the English message', async () => {
    const admin = tierOf('admin');
    const bad = await call(h, 'POST', `/api${admin.api}/create`, { token: h.root.token, body: validBody('admin', { refId: h.root.id, email: 'nope' }) });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ success: false, code: 'invalidEmail', params: {}, field: 'email', message: 'Please enter a valid email address' });
    expect((bad.json.errors as unknown[])[0]).toMatchObject({ field: 'email', code: 'invalidEmail' });

    const sort = await call(h, 'GET', `/api${admin.api}/all?sort=password_hash`, { token: h.root.token });
    expect(sort.json).toMatchObject({ code: 'unknownSort', params: { sort: 'password_hash' }, message: "Cannot sort by 'password_hash'." });

    const anon = await call(h, 'GET', `/api${admin.api}/all`);
    expect(anon.status).toBe(401);
    expect(anon.json).toMatchObject({ code: 'sessionExpired', params: {} });

    const body = await call(h, 'POST', `/api${admin.api}/create`, { token: h.root.token, body: [1, 2], headers: { 'content-type': 'application/json' } });
    expect(body.status).toBe(400);
    expect(body.json).toMatchObject({ code: 'bodyNotObject', message: 'The request body must be a JSON object.' });

    const made = await call(h, 'POST', `/api${admin.api}/create`, { token: h.root.token, body: validBody('admin', { refId: h.root.id }) });
    const id = (made.json.data as { _id: string })._id;
    const action = await call(h, 'PATCH', `/api${admin.api}/toggle-status/${id}/explode`, { token: h.root.token });
    expect(action.json).toMatchObject({ code: 'unknownAction', params: { action: 'explode' }, field: 'action', message: "Unknown action 'explode': use activate or deactivate." });
    const wrongTier = await call(h, 'GET', `/api${tierOf('master').api}/${id}`, { token: h.root.token });
    expect(wrongTier.json).toMatchObject({ code: 'noAccountOfTier', params: { tier: tierOf('master').labels.singular } });

    const none = await call(h, 'GET', '/api/nowhere', { token: h.root.token });
    expect(none.json).toMatchObject({ code: 'noRoute', params: { method: 'GET', url: '/api/nowhere' } });
  });

  // The texts were plain strings before they had codes: the English is the same, word for word.
  it('game catalogue and console refusals, and body schemas, answer a code beside the same English', async () => {
    const admin = await createAs(h, h.root.token, 'admin', h.root.id);
    const adminToken = await loginAs(h, admin.username);
    const notRoot = await call(h, 'POST', `/api${API_PATHS.times}`, { token: adminToken, body: { timecount: 30 } });
    expect(notRoot.status).toBe(403);
    expect(notRoot.json).toMatchObject({ code: 'superadminGamesOnly', params: {}, message: 'Only the superadmin manages games and times.' });
    const noGame = await call(h, 'GET', `/api${API_PATHS.games}/nosuchgame`, { token: h.root.token });
    expect(noGame.status).toBe(404);
    expect(noGame.json).toMatchObject({ code: 'noGameWithId', message: 'No game found with the provided ID.' });
    const short = await call(h, 'POST', `/api${API_PATHS.times}`, { token: h.root.token, body: { timecount: 2 } });
    expect(short.status).toBe(400);
    expect(short.json).toMatchObject({ code: 'timeAtLeast', params: { min: 5 }, field: 'timecount', message: 'Time is 5 seconds at least' });
    const long = await call(h, 'POST', `/api${API_PATHS.times}`, { token: h.root.token, body: { timecount: 4000 } });
    expect(long.json).toMatchObject({ code: 'timeAtMost', params: { max: 3600 }, message: 'Time is 3600 seconds at most' });
    const noGameId = await call(h, 'POST', `/api${API_PATHS.addBalance}`, { token: h.root.token, body: { adminId: admin._id, type: 'add', balance: 5 } });
    expect(noGameId.json).toMatchObject({ code: 'required', params: { field: 'gameId' }, field: 'gameId', message: 'gameId is required' });
  });

  it('the auth and Contact Us body schemas answer their codes beside the same English', async () => {
    const login = await call(h, 'POST', `/api${API_PATHS.login}`, { body: { username: 'someone' } });
    expect(login.status).toBe(400);
    expect(login.json).toMatchObject({ code: 'passwordRequired', field: 'password', message: 'Password is required' });
    const change = await call(h, 'POST', `/api${API_PATHS.changePassword}`, { token: h.root.token, body: { opass: 'x', npass: '' } });
    expect(change.json).toMatchObject({ code: 'fillAllFields', message: '⚠️ Please fill all fields.' });
    const contact = { enquiryType: 'General', fullName: 'Ravi K', email: 'ravi@example.com', mobile: '98', complaintDetails: 'Cannot log in' };
    const mobile = await call(h, 'POST', `/api${API_PATHS.complaints}`, { body: contact });
    expect(mobile.json).toMatchObject({ code: 'mobileDigits', field: 'mobile', message: 'Mobile is 7 to 20 digits' });
    const name = await call(h, 'POST', `/api${API_PATHS.complaints}`, { body: { ...contact, mobile: '9876543210', fullName: ' ' } });
    expect(name.json).toMatchObject({ code: 'required', params: { field: 'Full name' }, field: 'fullName', message: 'Full name is required' });
  });
});
