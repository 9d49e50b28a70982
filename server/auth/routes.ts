import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../../domain/accountValidation';
import { subject, type ActivityOutcome } from '../../domain/activity';
import { ROLES, SESSION_MINUTES, childTierOf, tierOf, tiersWith, type Role } from '../../resources.config';
import { refusalOf, writeActivity } from '../activity/log';
import { getRecord } from '../accounts/service';
import { loadManaged, loadReadable } from '../access/accounts';
import { findRef, insertAccount, parseId, updateColumns } from '../accounts/repository';
import type { ServerConfig } from '../config';
import { coded, HttpError, notFound } from '../http/errors';
import { schemaMessage } from '../http/schemaMessages';
import { checkedInput, INPUT_CHECKED_IN_HANDLER } from '../http/validated';
import { done, ERROR_REPLIES, noBody, ok, queryText } from '../http/schemas';
import { accountRecord, idParams, recordReply } from '../accounts/schemas';
import { checkGuarded } from '../access/guard';
import { hashSecret } from '../access/passwords';
import { requireCaller } from './plugin';
import { findLoginCandidate, findSignupParent, markLoggedIn } from './repository';
import { openSession, revokeSessions, SESSION_COOKIE, stepUp } from './sessions';
import { API_PATHS } from '../../domain/apiPaths';

const required = (message: string) => z.string({ error: message }).trim().min(1, message);
const PASSWORD_REQUIRED = schemaMessage('passwordRequired');
const FILL_ALL = schemaMessage('fillAllFields');

const loginBody = z.object({
  username: required(schemaMessage('usernameRequired')).max(100),
  password: z.string({ error: PASSWORD_REQUIRED }).min(1, PASSWORD_REQUIRED).max(200),
});

/** A session's answer: the token (login only), the caller's record and its roles. */
const sessionReply = z.looseObject({ success: z.boolean(), message: z.string().optional(), token: z.string().optional(), user: accountRecord, roles: z.array(z.enum(ROLES)) });
const doneReplies = { ...ERROR_REPLIES, 200: done };

const changePasswordBody = z.object({
  userId: z.union([z.string(), z.number()]).optional(),
  opass: z.string({ error: FILL_ALL }).min(1, FILL_ALL),
  npass: z.string({ error: FILL_ALL }).min(1, FILL_ALL).max(200),
  cpass: z.string({ error: FILL_ALL }).min(1, FILL_ALL),
});

export async function authRoutes(app: FastifyInstance, opts: { config: ServerConfig }) {
  const { db } = app;
  const { config } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Nothing an auth call answers may be kept by a browser or proxy cache.
  app.addHook('onSend', async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
  });
  const passwordLimit = { rateLimit: { max: config.loginRateLimit, timeWindow: '1 minute' } };

  r.post(
    API_PATHS.login,
    {
      schema: { body: loginBody, response: { ...ERROR_REPLIES, 200: sessionReply } },
      config: { rateLimit: { max: config.loginRateLimit, timeWindow: '1 minute' } },
    },
    async (req, reply) => {
      const { username, password } = req.body;
      const a = await findLoginCandidate(db, username);
      const log = (id: number | null, outcome: ActivityOutcome) =>
        writeActivity(db, { accountId: id, username, subject: subject('login'), outcome, requestUrl: req.url, method: req.method, ip: req.ip });
      // A refused login is logged with the refusal it is answered with, then thrown.
      const refuse = async (id: number | null, e: HttpError): Promise<never> => {
        await log(id, refusalOf(e));
        throw e;
      };
      let ok: boolean;
      try {
        ok = await checkGuarded(db, username, a ? a.passwordHash : null, password, config);
      } catch (e) {
        if (e instanceof HttpError) await refuse(a ? a.id : null, e);
        throw e;
      }
      if (!a || !ok) return refuse(a ? a.id : null, coded(401, 'invalidCredentials'));
      if (!a.active) return refuse(a.id, coded(403, 'accountDeactivated'));
      if (a.suspended) return refuse(a.id, coded(403, 'accountSuspended'));
      const id = a.id;
      const token = await openSession(db, id, req.ip);
      await markLoggedIn(db, id);
      await log(id, { status: 200 });
      reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure: req.protocol === 'https', maxAge: SESSION_MINUTES * 60 });
      const user = await getRecord(db, id);
      return { success: true, message: 'Login successful!', token, user, roles: [user.role] };
    },
  );

  r.get(API_PATHS.session, { schema: { response: { ...ERROR_REPLIES, 200: sessionReply } } }, async (req) => {
    const caller = requireCaller(req);
    const user = await getRecord(db, caller.id);
    return { success: true, user, roles: [user.role] };
  });

  // Logout changes state: POST is the client's call; the older GET stays for clients written against
  // it, but like every state-changing call it is refused (403) when a browser sends it from another
  // site with the cookie (`log: true`).
  const logout = async (req: FastifyRequest, reply: FastifyReply) => {
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    if (req.caller) {
      await revokeSessions(db, { sessionId: req.caller.sessionId });
      await writeActivity(db, { accountId: req.caller.id, username: req.caller.username, subject: subject('logout'), outcome: { status: 200 }, requestUrl: req.url, method: req.method, ip: req.ip });
    }
    return { success: true, message: 'Logout successful.' };
  };
  r.get(API_PATHS.logout, { schema: { response: doneReplies }, config: { subject: subject('logout'), log: true, endsSessions: true } }, logout);
  r.post(API_PATHS.logout, { schema: { body: noBody, response: doneReplies }, config: { subject: subject('logout'), endsSessions: true } }, logout);

  r.get(API_PATHS.userAuth, { schema: { params: idParams, response: { ...ERROR_REPLIES, 200: recordReply } } }, async (req) => {
    const caller = requireCaller(req);
    const target = await findRef(db, parseId(req.params.id));
    if (!target) throw notFound();
    // Game pools are accounts of no tier: they have no record to show (and no tier to check access by).
    if (!ROLES.includes(target.role as Role)) throw coded(404, 'notAUserAccount');
    const ref = await loadReadable(db, caller, tierOf(target.role as Role), req.params.id);
    return { success: true, data: await getRecord(db, ref.id) };
  });

  r.post(API_PATHS.changePassword, { schema: { body: changePasswordBody, response: doneReplies }, config: { subject: subject('changePassword'), endsSessions: true } }, async (req) => {
    const caller = requireCaller(req);
    const { userId, opass, npass, cpass } = req.body;
    if (userId !== undefined && userId !== '' && parseId(userId) !== caller.id) throw coded(403, 'ownPasswordOnly');
    if (npass !== cpass) throw coded(400, 'passwordsDiffer', {}, 'cpass');
    if (npass.length < PASSWORD_MIN_LENGTH) throw coded(400, 'passwordLength', {}, 'npass');
    if (!(await checkGuarded(db, caller.username, caller.passwordHash, opass, config))) throw coded(400, 'oldPasswordWrong', {}, 'opass');
    await updateColumns(db, caller.id, { password_hash: await hashSecret(npass) });
    // Other sessions of this account end; this one goes on.
    await revokeSessions(db, { accountId: caller.id, except: caller.sessionId });
    return { success: true, message: 'Password changed successfully!' };
  });

  // A stolen token may not guess the password here: failures count with the login's and lock it out.
  r.post(API_PATHS.checkPassword, { schema: { body: z.object({ password: z.string({ error: PASSWORD_REQUIRED }).max(200) }), response: doneReplies }, config: { ...passwordLimit, subject: subject('passwordCheck') } }, async (req) => {
    const caller = requireCaller(req);
    if (!(await checkGuarded(db, caller.username, caller.passwordHash, req.body.password, config))) throw coded(400, 'invalidPassword', {}, 'password');
    await stepUp(db, caller.sessionId);
    return { success: true, message: 'Password verified.' };
  });

  // No body counts as an empty one: the username is then the first field named missing.
  const signupBody = z.preprocess(
    (b) => b ?? {},
    z.object({
      username: required(schemaMessage('usernameRequired')).regex(/^[A-Za-z][A-Za-z0-9_.-]{2,29}$/, schemaMessage('usernameFormat')),
      password: z.string({ error: PASSWORD_REQUIRED }).min(PASSWORD_MIN_LENGTH, schemaMessage('passwordLength')).max(200),
    }),
  );
  // A closed sign-up says so before it reads the form: the form's refusal is answered after that check.
  r.post(API_PATHS.signup, { schema: { body: signupBody, response: { ...ERROR_REPLIES, 201: ok(accountRecord) } }, ...INPUT_CHECKED_IN_HANDLER, config: { subject: subject('signup') } }, async (req, reply) => {
    if (!config.signupParent) throw coded(403, 'signupClosed');
    const form = checkedInput(req, req.body);
    const parent = await findSignupParent(db, config.signupParent, tiersWith('signupParent').map((t) => t.role));
    if (!parent) throw coded(403, 'signupUnavailable');
    // Signup makes an account of the tier directly below the signup parent's.
    const player = childTierOf(parent.role as Role);
    if (!player) throw coded(403, 'signupUnavailable');
    const id = await insertAccount(db, {
      role: player.role,
      prefix: player.usernamePrefix,
      parentId: parent.id,
      parentPath: parent.path,
      username: form.username,
      cols: { password_hash: await hashSecret(form.password) },
    });
    reply.code(201);
    return { success: true, message: 'User created successfully!', data: await getRecord(db, id) };
  });

  r.get(API_PATHS.logoutPlayer, { schema: { querystring: z.looseObject({ id: queryText.describe('The player') }), response: doneReplies }, config: { subject: subject('forcePlayerLogout'), log: true, endsSessions: true } }, async (req) => {
    const caller = requireCaller(req);
    const target = await loadManaged(db, caller, tierOf('player'), req.query.id);
    await revokeSessions(db, { accountId: target.id });
    return { success: true, message: 'player logout successfully.' };
  });
}
