import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../../domain/accountValidation';
import { subject } from '../../domain/activity';
import { API_PATHS } from '../../domain/apiPaths';
import { ROLES } from '../../resources.config';
import { accountRecord, idParams, recordReply } from '../accounts/schemas';
import { endpoint } from '../http/endpoint';
import { schemaMessage } from '../http/schemaMessages';
import { done, ERROR_REPLIES, noBody, ok, queryText, RATE_LIMITED } from '../http/schemas';

const required = (message: string) => z.string({ error: message }).trim().min(1, message);
const PASSWORD_REQUIRED = schemaMessage('passwordRequired');
const FILL_ALL = schemaMessage('fillAllFields');

/** A session's answer: the token (login only), the caller's record and its roles. */
const sessionReply = z.looseObject({ success: z.boolean(), message: z.string().optional(), token: z.string().optional(), user: accountRecord, roles: z.array(z.enum(ROLES)) });
const doneReplies = { ...ERROR_REPLIES, 200: done };

/**
 * Sessions and passwords: login, the session, logout, a record by id, password change and check,
 * sign-up and a player's forced logout. The login's and the password check's rate limits are
 * configured, so they are given where the routes are registered.
 */
export const AUTH_ENDPOINTS = {
  login: endpoint({
    method: 'POST',
    path: API_PATHS.login,
    schema: {
      body: z.object({
        username: required(schemaMessage('usernameRequired')).max(100),
        password: z.string({ error: PASSWORD_REQUIRED }).min(1, PASSWORD_REQUIRED).max(200),
      }),
      response: { ...ERROR_REPLIES, ...RATE_LIMITED, 200: sessionReply },
    },
  }),

  session: endpoint({ method: 'GET', path: API_PATHS.session, schema: { response: { ...ERROR_REPLIES, 200: sessionReply } } }),

  // Logout changes state: POST is the client's call; the older GET stays for clients written against
  // it, but like every state-changing call it is refused (403) when a browser sends it from another
  // site with the cookie (`log: true`).
  logoutGet: endpoint({ method: 'GET', path: API_PATHS.logout, schema: { response: doneReplies }, subject: subject('logout'), config: { log: true, endsSessions: true } }),
  logout: endpoint({ method: 'POST', path: API_PATHS.logout, schema: { body: noBody, response: doneReplies }, subject: subject('logout'), config: { endsSessions: true } }),

  userAuth: endpoint({ method: 'GET', path: API_PATHS.userAuth, schema: { params: idParams, response: { ...ERROR_REPLIES, 200: recordReply } } }),

  changePassword: endpoint({
    method: 'POST',
    path: API_PATHS.changePassword,
    schema: {
      body: z.object({
        userId: z.union([z.string(), z.number()]).optional(),
        opass: z.string({ error: FILL_ALL }).min(1, FILL_ALL),
        npass: z.string({ error: FILL_ALL }).min(1, FILL_ALL).max(200),
        cpass: z.string({ error: FILL_ALL }).min(1, FILL_ALL),
      }),
      response: doneReplies,
    },
    subject: subject('changePassword'),
    config: { endsSessions: true },
  }),

  // A stolen token may not guess the password here: failures count with the login's and lock it out.
  checkPassword: endpoint({
    method: 'POST',
    path: API_PATHS.checkPassword,
    schema: { body: z.object({ password: z.string({ error: PASSWORD_REQUIRED }).max(200) }), response: { ...doneReplies, ...RATE_LIMITED } },
    subject: subject('passwordCheck'),
  }),

  // A closed sign-up says so before it reads the form: the form's refusal is answered after that check.
  signup: endpoint({
    method: 'POST',
    path: API_PATHS.signup,
    schema: {
      // No body counts as an empty one: the username is then the first field named missing.
      body: z.preprocess(
        (b) => b ?? {},
        z.object({
          username: required(schemaMessage('usernameRequired')).regex(/^[A-Za-z][A-Za-z0-9_.-]{2,29}$/, schemaMessage('usernameFormat')),
          password: z.string({ error: PASSWORD_REQUIRED }).min(PASSWORD_MIN_LENGTH, schemaMessage('passwordLength')).max(200),
        }),
      ),
      response: { ...ERROR_REPLIES, 201: ok(accountRecord) },
    },
    subject: subject('signup'),
    inputCheckedInHandler: true,
  }),

  logoutPlayer: endpoint({
    method: 'GET',
    path: API_PATHS.logoutPlayer,
    schema: { querystring: z.looseObject({ id: queryText.describe('The player') }), response: doneReplies },
    subject: subject('forcePlayerLogout'),
    config: { log: true, endsSessions: true },
  }),
};
