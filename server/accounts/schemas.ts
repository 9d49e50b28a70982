import { z } from 'zod';
import { ROLES, type FieldDef, type TierDef } from '../../resources.config';
import { accountForm } from './formSchema';
import { ERROR_REPLIES, ok, queryText } from '../http/schemas';

/**
 * A form body of the registry's fields, as the route receives it: each given field typed and checked
 * by its rule. The call runs the same form schema (server/accounts/formSchema.ts) once it has
 * completed the form (the parent from the route, the caller's own fields), where its refusals are
 * answered, after the access checks.
 */
export const formBody = (fields: readonly FieldDef[]) => accountForm(fields, true);

/** `null` or no body count as an empty one (the service then names the missing fields). */
export const createBody = (tier: TierDef) => formBody(tier.createFields).nullish();
export const editBody = (tier: TierDef) => {
  const fields = formBody(tier.editFields);
  return z.union([z.looseObject({ updatedFields: fields }), fields]).nullish();
};
export const childCreateBody = (child: TierDef) => {
  const fields = formBody(child.createFields);
  return z.union([z.looseObject({ childAdminData: fields, parentAdminId: z.string().optional() }), fields]).nullish();
};

export const listQuery = z.looseObject({
  id: queryText.describe('View root: an account of the caller’s subtree'),
  page: queryText,
  perPage: queryText,
  limit: queryText,
  sort: queryText.describe('A sortable field, or simple-rest ["field","ASC|DESC"]'),
  order: queryText.describe('ASC or DESC'),
  search: queryText,
  username: queryText,
  q: queryText,
  range: queryText.describe('simple-rest [first,last]'),
  filter: queryText.describe('simple-rest {"q": "..."}'),
});

export const idParams = z.object({ id: z.string() });
export const childParams = z.object({ id: z.string(), childId: z.string() });
export const toggleParams = z.object({ id: z.string(), action: z.string().describe('activate or deactivate') });
export const childToggleParams = z.object({ id: z.string(), childId: z.string(), action: z.string().describe('activate or deactivate') });

const role = z.enum(ROLES);
const nullableText = z.string().nullable();

/** Exactly the record's fields: the serializer drops anything else, so no column can leak by accident. */
export const accountRecord = z
  .object({
    _id: z.string(),
    username: z.string(),
    role,
    roles: z.array(role),
    status: z.enum(['active', 'inactive']),
    userStatus: z.boolean(),
    firstName: nullableText,
    lastName: nullableText,
    email: nullableText,
    phone: nullableText,
    dateOfBirth: nullableText,
    country: nullableText,
    state: nullableText,
    city: nullableText,
    address: nullableText,
    pinCode: nullableText,
    occupation: nullableText,
    commission: z.number(),
    note: z.string(),
    refId: z.object({ _id: z.string(), username: z.string(), walletBalance: z.number().optional() }).nullable(),
    walletBalance: z.number(),
    wallet: z.array(z.object({ individualCredit: z.number() })),
    games: z.array(z.object({ _id: z.string(), gameName: z.string(), gameId: z.string() })),
    isLoggedIn: z.boolean(),
    lastLogin: nullableText,
    createdAt: z.string(),
    mayBackup: z.boolean(),
  })
  .meta({ id: 'Account' });

const walletRef = z.object({ _id: z.string(), walletBalance: z.number().nullable() });
export const creditReply = ok(z.object({ transactionId: z.string(), replayed: z.boolean(), sender: walletRef, receiver: walletRef.nullable() }));
export const recordReply = ok(accountRecord);
export const listReply = z.looseObject({ success: z.boolean(), data: z.array(accountRecord), total: z.number().int() });
export const deletedReply = ok(z.object({ _id: z.string(), username: z.string() }));
export const walletReply = ok(z.array(z.object({ _id: z.string(), walletBalance: z.number() })));

export const replies = <R extends Record<number, z.ZodType>>(r: R) => ({ ...ERROR_REPLIES, ...r });
