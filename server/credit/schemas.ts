import { z } from 'zod';
import { parseCreditAmount } from '../../domain/creditValidation';
import { schemaMessage } from '../http/schemaMessages';

/** Ids as the client sends them, text or number; the route resolves them (an unknown id answers as ever). */
const accountId = z.union([z.string(), z.number()], { error: schemaMessage('invalidValue') }).nullable();

/** A positive amount of points, as a number or numeric text with at most 2 decimals: its cents. */
const creditAmount = (code: 'transferAmountInvalid' | 'adjustAmountInvalid') => {
  const refused = schemaMessage(code);
  return z
    .union([z.string(), z.number()], { error: refused })
    .transform((v, ctx) => parseCreditAmount(v) ?? (ctx.addIssue({ code: 'custom', message: refused }), z.NEVER))
    .meta({ type: ['string', 'number'], description: 'Points, more than 0, at most 2 decimals' });
};

const operatorPassword = (code: 'transferPasswordRequired' | 'adjustPasswordRequired') =>
  z.string({ error: schemaMessage(code) }).min(1, schemaMessage(code)).describe("The caller's password");

const ids = {
  userId: accountId.optional().describe("The caller's own id (the sending wallet)"),
  toUserId: accountId.optional().describe('The receiving account'),
};

/**
 * The credit forms, in the order their refusals are answered: the amount, then the password (the
 * credit forms' own submit-time texts); the ids are resolved by the route. No body counts as an empty one.
 */
export const transferBody = z.preprocess(
  (b) => b ?? {},
  z.looseObject({ transferAmount: creditAmount('transferAmountInvalid'), password: operatorPassword('transferPasswordRequired'), ...ids }),
);
export const adjustBody = z.preprocess(
  (b) => b ?? {},
  z.looseObject({
    adjustAmount: creditAmount('adjustAmountInvalid'),
    password: operatorPassword('adjustPasswordRequired'),
    ...ids,
    transactionType: z
      .enum(['credit', 'debit'], { error: schemaMessage('transactionType') })
      .nullish()
      .describe('credit (the default) takes points back into the caller’s wallet, debit gives'),
  }),
);
export type TransferBody = z.output<typeof transferBody>;
export type AdjustBody = z.output<typeof adjustBody>;
