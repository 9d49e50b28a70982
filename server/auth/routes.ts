import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PASSWORD_MIN_LENGTH } from '../../domain/accountValidation';
import { subject, type ActivityOutcome } from '../../domain/activity';
import { ROLES, SESSION_MINUTES, childTierOf, tierOf, tiersWith, type Role } from '../../resources.config';
import { refusalOf, writeActivity } from '../activity/log';
import { getRecord } from '../accounts/service';
import { loadManaged, loadReadable } from '../access/accounts';
import { findRef, insertAccount, parseId, updateColumns } from '../accounts/repository';
import type { ServerConfig } from '../config';
import { coded, HttpError, notFound } from '../http/errors';
import { checkedInput } from '../http/validated';
import { serve } from '../http/endpoint';
import { AUTH_ENDPOINTS as E } from './endpoints';
import { checkGuarded } from '../access/guard';
import { hashSecret } from '../access/passwords';
import { requireCaller } from './plugin';
import { findLoginCandidate, findSignupParent, markLoggedIn } from './repository';
import { openSession, revokeSessions, SESSION_COOKIE, stepUp } from './sessions';

export async function authRoutes(app: FastifyInstance, opts: { config: ServerConfig }) {
  const { db } = app;
  const { config } = opts;
  // Nothing an auth call answers may be kept by a browser or proxy cache.
  app.addHook('onSend', async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
  });
  const passwordLimit = { rateLimit: { max: config.loginRateLimit, timeWindow: '1 minute' } };

  serve(
    app,
    E.login,
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
    passwordLimit,
  );

  serve(app, E.session, async (req) => {
    const caller = requireCaller(req);
    const user = await getRecord(db, caller.id);
    return { success: true, user, roles: [user.role] };
  });

  const logout = async (req: FastifyRequest, reply: FastifyReply) => {
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    if (req.caller) {
      await revokeSessions(db, { sessionId: req.caller.sessionId });
      await writeActivity(db, { accountId: req.caller.id, username: req.caller.username, subject: subject('logout'), outcome: { status: 200 }, requestUrl: req.url, method: req.method, ip: req.ip });
    }
    return { success: true, message: 'Logout successful.' };
  };
  serve(app, E.logoutGet, logout);
  serve(app, E.logout, logout);

  serve(app, E.userAuth, async (req) => {
    const caller = requireCaller(req);
    const target = await findRef(db, parseId(req.params.id));
    if (!target) throw notFound();
    // Game pools are accounts of no tier: they have no record to show (and no tier to check access by).
    if (!ROLES.includes(target.role as Role)) throw coded(404, 'notAUserAccount');
    const ref = await loadReadable(db, caller, tierOf(target.role as Role), req.params.id);
    return { success: true, data: await getRecord(db, ref.id) };
  });

  serve(app, E.changePassword, async (req) => {
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

  serve(
    app,
    E.checkPassword,
    async (req) => {
    const caller = requireCaller(req);
    if (!(await checkGuarded(db, caller.username, caller.passwordHash, req.body.password, config))) throw coded(400, 'invalidPassword', {}, 'password');
    await stepUp(db, caller.sessionId);
    return { success: true, message: 'Password verified.' };
    },
    passwordLimit,
  );

  serve(app, E.signup, async (req, reply) => {
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

  serve(app, E.logoutPlayer, async (req) => {
    const caller = requireCaller(req);
    const target = await loadManaged(db, caller, tierOf('player'), req.query.id);
    await revokeSessions(db, { accountId: target.id });
    return { success: true, message: 'player logout successfully.' };
  });
}
