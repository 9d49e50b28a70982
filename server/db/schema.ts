import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const money = (name: string) => bigint(name, { mode: 'bigint' });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const accounts = pgTable(
  'accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    username: text('username').notNull(),
    role: text('role').notNull(),
    parentId: bigint('parent_id', { mode: 'number' }),
    /** Materialized path of ids, '/1/5/23/': a subtree is one indexed prefix scan. */
    path: text('path').notNull(),
    passwordHash: text('password_hash').notNull(),
    pinHash: text('pin_hash'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    email: text('email'),
    phone: text('phone'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    country: text('country'),
    state: text('state'),
    city: text('city'),
    address: text('address'),
    pinCode: text('pin_code'),
    occupation: text('occupation'),
    commission: numeric('commission', { precision: 5, scale: 2 }).notNull().default('0'),
    note: text('note').notNull().default('add notes'),
    active: boolean('active').notNull().default(true),
    walletBalance: money('wallet_balance').notNull().default(sql`0`),
    lastLogin: ts('last_login'),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: ts('locked_until'),
    createdAt: ts('created_at').notNull().defaultNow(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    uniqueIndex('accounts_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('accounts_email_key').on(sql`lower(${t.email})`).where(sql`${t.email} is not null and ${t.deletedAt} is null`),
    uniqueIndex('accounts_phone_key').on(t.phone).where(sql`${t.phone} is not null and ${t.deletedAt} is null`),
    index('accounts_path_idx').on(sql`${t.path} text_pattern_ops`),
    index('accounts_role_path_idx').on(t.role, sql`${t.path} text_pattern_ops`),
    index('accounts_parent_idx').on(t.parentId),
    check('accounts_wallet_nonnegative', sql`${t.walletBalance} >= 0`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull(),
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    ip: text('ip'),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [uniqueIndex('sessions_token_key').on(t.tokenHash), index('sessions_account_idx').on(t.accountId)],
);

/** The append-only ledger: every movement of points is one row. */
export const transactions = pgTable(
  'transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    fromId: bigint('from_id', { mode: 'number' }),
    toId: bigint('to_id', { mode: 'number' }),
    amount: money('amount').notNull(),
    kind: text('kind').notNull(),
    actorId: bigint('actor_id', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('completed'),
    message: text('message'),
    fromBalanceAfter: money('from_balance_after'),
    toBalanceAfter: money('to_balance_after'),
    idempotencyKey: text('idempotency_key'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('transactions_idempotency_key').on(t.actorId, t.idempotencyKey).where(sql`${t.idempotencyKey} is not null`),
    index('transactions_from_idx').on(t.fromId, t.createdAt),
    index('transactions_to_idx').on(t.toId, t.createdAt),
    check('transactions_amount_positive', sql`${t.amount} > 0`),
    check('transactions_has_side', sql`${t.fromId} is not null or ${t.toId} is not null`),
  ],
);

export const games = pgTable(
  'games',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    gameId: text('game_id').notNull(),
    gameName: text('game_name').notNull(),
    nodigit: integer('nodigit').notNull(),
    timeSeconds: integer('time_seconds').notNull(),
    status: text('status').notNull().default('active'),
    publisher: text('publisher'),
    description: text('description'),
    releaseDate: date('release_date', { mode: 'string' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('games_game_id_key').on(t.gameId)],
);

export const accountGames = pgTable(
  'account_games',
  {
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    gameId: bigint('game_id', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.gameId] })],
);

export const activityLogs = pgTable(
  'activity_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' }),
    username: text('username'),
    subject: text('subject').notNull(),
    requestUrl: text('request_url').notNull(),
    method: text('method').notNull(),
    ipAddress: text('ip_address'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('activity_logs_created_idx').on(t.createdAt), index('activity_logs_account_idx').on(t.accountId, t.createdAt)],
);
