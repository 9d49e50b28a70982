import { CREDIT_MESSAGES } from '../../domain/creditValidation';
import { mintsPoints } from '../../resources.config';
import { centsToPoints } from '../../domain/money';
import type { TierDef } from '../../resources.config';
import type { Caller } from '../access/caller';
import { checkSessionPassword, isSessionPasswordProven, type GuardConfig } from '../access/guard';
import type { Database } from '../db/client';
import { coded, notFound } from '../http/errors';
import { assertTier, loadManaged } from '../access/accounts';
import { parseId, type AccountRef } from '../access/repository';
import { move, type Movement } from './ledger';
import type { AdjustBody, TransferBody } from './schemas';
import { transferInOneCall, type RequestTrail, type TransferRefusal } from './transferCall';

export interface CreditOutcome {
  message: string;
  data: {
    transactionId: string;
    replayed: boolean;
    sender: { _id: string; walletBalance: number | null };
    receiver: { _id: string; walletBalance: number | null } | null;
  };
}

/** userId names the sender's wallet: only the caller's own may be spent (the body's form is its schema's). */
function checkSender(caller: Caller, body: TransferBody | AdjustBody): void {
  if (body.userId !== undefined && body.userId !== null && body.userId !== '' && parseId(body.userId) !== caller.id) throw coded(403, 'ownWalletOnly');
}

/** What a credit operation runs on: the database, and the lockout its password check counts against. */
export interface CreditContext {
  db: Database;
  guard: GuardConfig;
}

// Failures count with the login's: a stolen token cannot guess the password through transfers.
async function verifyOperatorPassword(ctx: CreditContext, caller: Caller, password: string) {
  if (!(await checkSessionPassword(ctx.db, caller, password, ctx.guard))) throw coded(400, 'incorrectPassword', {}, 'password');
}

const side = (id: number, balance: number | null) => ({ _id: String(id), walletBalance: balance });

// td_transfer's refusals are loadManaged's errors for the target, word for word.
const refusal = (code: TransferRefusal, tier: TierDef) =>
  code === 'accountNotFound' ? notFound() : code === 'outsideHierarchy' ? coded(403, code) : coded(404, code, { tier: tier.labels.singular });

/**
 * The caller's wallet → an active account of its subtree: the one credit-transfer path of both routes
 * (the tier's, and a parent's child route, which names its target). A session that already proved this
 * password (the usual case: every transfer after its first) costs one database call after the auth
 * hook's session lookup, td_transfer checking the target in the statement that moves; otherwise the
 * target is checked before the password, as ever, so a bad target costs no attempt of the lockout counter.
 */
export async function transfer(
  ctx: CreditContext,
  caller: Caller,
  tier: TierDef,
  body: TransferBody,
  key: string | undefined,
  trail: RequestTrail,
  target?: AccountRef,
): Promise<CreditOutcome> {
  const { db } = ctx;
  checkSender(caller, body);
  const { transferAmount: cents, password } = body;
  let to: number;
  if (target) to = target.id;
  else if (isSessionPasswordProven(caller, password)) {
    // loadManaged's checks in its order: these two here, the account's own in td_transfer.
    assertTier(caller, tier);
    const id = parseId(body.toUserId);
    if (id === null) throw notFound();
    to = id;
  } else to = (await loadManaged(db, caller, tier, body.toUserId)).id;
  await verifyOperatorPassword(ctx, caller, password);
  const r = await transferInOneCall(db, { actor: caller, to, role: tier.role, cents, idempotencyKey: key, trail });
  if ('refused' in r) throw refusal(r.refused, tier);
  return {
    message: CREDIT_MESSAGES.transfer.success,
    data: { transactionId: r.transactionId, replayed: r.replayed, sender: side(caller.id, r.fromBalance), receiver: side(to, r.toBalance) },
  };
}

/**
 * transactionType `credit` takes points back from the account into the caller's wallet, `debit` gives.
 * The superadmin adjusting itself creates (`credit`, kind generated) or destroys (`debit`, burned) points.
 */
export async function adjust(ctx: CreditContext, caller: Caller, tier: TierDef, body: AdjustBody, key: string | undefined, target?: AccountRef): Promise<CreditOutcome> {
  const { db } = ctx;
  checkSender(caller, body);
  const { adjustAmount: cents } = body;
  const type = body.transactionType ?? 'credit';
  const self = !target && mintsPoints(caller.role) && tier.role === caller.role && parseId(body.toUserId) === caller.id;
  const other = self ? null : (target ?? (await loadManaged(db, caller, tier, body.toUserId)));
  await verifyOperatorPassword(ctx, caller, body.password);
  const amount = centsToPoints(cents).toFixed(2);
  let m: Movement;
  if (!other) {
    m = type === 'credit'
      ? { from: null, to: caller.id, cents, kind: 'generated', actor: caller.id, message: `Generated ${amount}` }
      : { from: caller.id, to: null, cents, kind: 'burned', actor: caller.id, message: `Burned ${amount}` };
  } else {
    m = type === 'credit'
      ? { from: other.id, to: caller.id, cents, kind: 'adjust', actor: caller.id, message: `Took back ${amount} from ${other.username}` }
      : { from: caller.id, to: other.id, cents, kind: 'adjust', actor: caller.id, message: `Gave ${amount} to ${other.username}` };
  }
  const r = await move(db, { ...m, idempotencyKey: key });
  const callerBalance = m.from === caller.id ? r.fromBalance : r.toBalance;
  const otherBalance = other ? (m.from === other.id ? r.fromBalance : r.toBalance) : null;
  return {
    message: CREDIT_MESSAGES.adjust.success,
    data: {
      transactionId: r.transactionId,
      replayed: r.replayed,
      sender: side(caller.id, callerBalance),
      receiver: other ? side(other.id, otherBalance) : null,
    },
  };
}
