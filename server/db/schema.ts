import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
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
    /** An admin the superadmin let back up and restore the whole installation (BACKUP_ADMINS overrides). */
    mayBackup: boolean('may_backup').notNull().default(false),
    walletBalance: money('wallet_balance').notNull().default(sql`0`),
    /** The last day (server time zone) this account's commission was paid for. */
    commissionPaidThrough: date('commission_paid_through', { mode: 'string' }),
    /** A player's play on the days after commissionPaidThrough (every day when never paid), kept with its player_days rows. */
    pendingPlay: money('pending_play').notNull().default(sql`0`),
    /** A player with player_days rows under an admin off its path (a network it was moved out of). */
    playElsewhere: boolean('play_elsewhere').notNull().default(false),
    lastLogin: ts('last_login'),
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
    // A game pool may go below zero when a console forces a result it cannot cover; nothing else may.
    check('accounts_wallet_nonnegative', sql`${t.walletBalance} >= 0 or ${t.role} = 'pool'`),
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
    /** The last successful auth/checkpassword of this session: the step-up that money and restore calls ask for. */
    steppedUpAt: ts('stepped_up_at'),
  },
  (t) => [uniqueIndex('sessions_token_key').on(t.tokenHash), index('sessions_account_idx').on(t.accountId)],
);

/**
 * Password failures per username, known or not (so the lockout tells nothing about which exist).
 * An attempt is counted before its password is checked: parallel guesses cannot pass the threshold.
 */
export const loginGuards = pgTable('login_guards', {
  key: text('key').primaryKey(),
  attempts: integer('attempts').notNull().default(0),
  lockedUntil: ts('locked_until'),
});

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
    /** Whether the console shows an uploaded picture per digit. */
    label: boolean('label').notNull().default(false),
    /** Stored file names under the data directory (generated, never taken from input). */
    images: jsonb('images').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    logo: text('logo'),
    /** Payout multiplier in hundredths of a game played from its row (migration 0015); null: the default. */
    oddsX100: integer('odds_x100'),
    deletedAt: ts('deleted_at'),
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
    /** What was attempted, by code (domain/activity.ts); NULL on rows written before codes were stored. */
    code: text('code'),
    params: jsonb('params'),
    /** The HTTP status answered; NULL on rows written before outcomes were recorded. */
    status: smallint('status').default(200),
    /** A refusal's message code (domain/messages.ts) and its parameters. */
    reason: text('reason'),
    reasonParams: jsonb('reason_params'),
  },
  (t) => [index('activity_logs_created_idx').on(t.createdAt), index('activity_logs_account_idx').on(t.accountId, t.createdAt)],
);

/** The round lengths the Time Master offers (seconds). */
export const gameTimes = pgTable(
  'game_times',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    timecount: integer('timecount').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('game_times_timecount_key').on(t.timecount), check('game_times_positive', sql`${t.timecount} > 0`)],
);

/**
 * One row per (admin, game) that ever had the game: its pool account, win percentage and booster
 * schedule. Never deleted, so taking a game away from an admin and giving it back keeps the pool.
 */
export const gamePools = pgTable(
  'game_pools',
  {
    /** The percentage row's id in the API. */
    id: bigserial('id', { mode: 'number' }).notNull(),
    adminId: bigint('admin_id', { mode: 'number' }).notNull(),
    gameId: bigint('game_id', { mode: 'number' }).notNull(),
    /** The pool is an account (role `pool`) so every stake and win is an ordinary ledger row. */
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    winPercentage: numeric('win_percentage', { precision: 5, scale: 2 }).notNull().default('90'),
    roundsSinceBoost: integer('rounds_since_boost').notNull().default(0),
    nextBoostGap: integer('next_boost_gap').notNull().default(25),
  },
  (t) => [
    primaryKey({ columns: [t.adminId, t.gameId] }),
    uniqueIndex('game_pools_account_key').on(t.accountId),
    uniqueIndex('game_pools_id_key').on(t.id),
    check('game_pools_percentage_range', sql`${t.winPercentage} >= 1 and ${t.winPercentage} <= 100`),
  ],
);

/**
 * A timed round of one game for one admin. Rounds are aligned to the clock (opens_at is a multiple
 * of the game's time), so a restarted server finds the current round again and the draw number is
 * the same on every instance.
 */
export const rounds = pgTable(
  'rounds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adminId: bigint('admin_id', { mode: 'number' }).notNull(),
    gameId: bigint('game_id', { mode: 'number' }).notNull(),
    drawNo: bigint('draw_no', { mode: 'number' }).notNull(),
    opensAt: ts('opens_at').notNull(),
    closesAt: ts('closes_at').notNull(),
    /** open, settled, or void (it could not settle in time and every stake was refunded, server/games/voidRound.ts). */
    status: text('status').notNull().default('open'),
    result: text('result'),
    booster: integer('booster'),
    /** The decision record of domain/games/decide.ts, kept for the audit and the replay. */
    decision: jsonb('decision'),
    poolCents: money('pool_cents'),
    playCents: money('play_cents').notNull().default(sql`0`),
    winCents: money('win_cents').notNull().default(sql`0`),
    settledAt: ts('settled_at'),
  },
  (t) => [
    uniqueIndex('rounds_admin_game_draw_key').on(t.adminId, t.gameId, t.drawNo),
    index('rounds_due_idx').on(t.closesAt).where(sql`${t.status} = 'open'`),
    index('rounds_admin_game_idx').on(t.adminId, t.gameId, t.opensAt),
  ],
);

/** One bet of a player in one round; its lines say which options and how many. */
export const tickets = pgTable(
  'tickets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    roundId: bigint('round_id', { mode: 'number' }).notNull(),
    playerId: bigint('player_id', { mode: 'number' }).notNull(),
    adminId: bigint('admin_id', { mode: 'number' }).notNull(),
    gameId: bigint('game_id', { mode: 'number' }).notNull(),
    stake: money('stake').notNull(),
    win: money('win').notNull().default(sql`0`),
    createdAt: ts('created_at').notNull().defaultNow(),
    settledAt: ts('settled_at'),
    /** When its round was voided and the stake went back (migration 0015); null otherwise. */
    refundedAt: ts('refunded_at'),
  },
  (t) => [
    index('tickets_round_idx').on(t.roundId),
    index('tickets_player_idx').on(t.playerId, t.createdAt),
    index('tickets_admin_idx').on(t.adminId, t.createdAt),
    check('tickets_stake_positive', sql`${t.stake} > 0`),
  ],
);

export const ticketLines = pgTable(
  'ticket_lines',
  {
    ticketId: bigint('ticket_id', { mode: 'number' }).notNull(),
    option: text('option').notNull(),
    qty: integer('qty').notNull(),
    stake: money('stake').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.option] }), check('ticket_lines_qty_positive', sql`${t.qty} > 0`)],
);

/** Results queued from a live console (SAVE); the next round to settle takes the oldest. */
export const consoleResults = pgTable(
  'console_results',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adminId: bigint('admin_id', { mode: 'number' }).notNull(),
    gameId: bigint('game_id', { mode: 'number' }).notNull(),
    outcome: text('outcome').notNull(),
    booster: integer('booster').notNull().default(1),
    createdBy: bigint('created_by', { mode: 'number' }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    roundId: bigint('round_id', { mode: 'number' }),
  },
  (t) => [index('console_results_pending_idx').on(t.adminId, t.gameId, t.id).where(sql`${t.roundId} is null`)],
);

/**
 * Play and win per player, day (server time zone) and game, written in the same transaction as
 * the bet and the settlement: reports sum these rows instead of scanning every ticket.
 */
export const dailyPlay = pgTable(
  'daily_play',
  {
    playerId: bigint('player_id', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    gameId: bigint('game_id', { mode: 'number' }).notNull(),
    adminId: bigint('admin_id', { mode: 'number' }).notNull(),
    play: money('play').notNull().default(sql`0`),
    win: money('win').notNull().default(sql`0`),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.day, t.gameId] }), index('daily_play_admin_day_idx').on(t.adminId, t.day)],
);

/**
 * Play and win per player, admin and day over all games (a player has one admin unless it was moved
 * to another's network), with the running totals of that player and admin through the day. A row is
 * in force from its day until the next row's day (`until`, null for the newest): the totals at the
 * end of any day D are those of the row in force on D (day <= D < until), found for an admin's
 * players at once by the (admin, until, day) index, so a period's play per player is two such reads,
 * whatever its length. Written with daily_play, in the same transaction (td_add_player_day, after the wallets).
 */
export const playerDays = pgTable(
  'player_days',
  {
    playerId: bigint('player_id', { mode: 'number' }).notNull(),
    adminId: bigint('admin_id', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    until: date('until', { mode: 'string' }),
    play: money('play').notNull().default(sql`0`),
    win: money('win').notNull().default(sql`0`),
    runPlay: money('run_play').notNull().default(sql`0`),
    runWin: money('run_win').notNull().default(sql`0`),
  },
  (t) => [
    primaryKey({ columns: [t.playerId, t.adminId, t.day] }),
    index('player_days_admin_until_idx').on(t.adminId, sql`coalesce(${t.until}, 'infinity'::date)`, t.day),
    index('player_days_admin_day_idx').on(t.adminId, t.day),
  ],
);

/**
 * Play and win per parent of players (the tier above the leaf) and day over all its players, with
 * the running totals through the day: the totals at the end of a day D are those of the parent's
 * newest row on or before D (one probe of the key). The accounts above the players read these,
 * summed over the parents under them, less their deleted players' play. Written by td_add_play after
 * player_days, counted again from player_days when a player moves to another parent, by Clear
 * History and after a restore (migration 0025).
 */
export const parentDays = pgTable(
  'parent_days',
  {
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    play: money('play').notNull().default(sql`0`),
    win: money('win').notNull().default(sql`0`),
    runPlay: money('run_play').notNull().default(sql`0`),
    runWin: money('run_win').notNull().default(sql`0`),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day] })],
);

/**
 * The stakes placed on each option of a round, added by the bets' own transaction: a console reads
 * its round's figures here, not by joining every ticket line (migration 0011).
 */
export const roundSums = pgTable(
  'round_sums',
  {
    roundId: bigint('round_id', { mode: 'number' }).notNull(),
    option: text('option').notNull(),
    stake: money('stake').notNull().default(sql`0`),
  },
  (t) => [primaryKey({ columns: [t.roundId, t.option] })],
);

/**
 * Play and win per admin, day and game over all players: the admin commission report and the
 * admins' figures read these. Written with daily_play, in the same transaction, after the pool's
 * wallet (whose lock already orders the writers of one admin and game).
 */
export const adminGameDays = pgTable(
  'admin_game_days',
  {
    adminId: bigint('admin_id', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    gameId: bigint('game_id', { mode: 'number' }).notNull(),
    play: money('play').notNull().default(sql`0`),
    win: money('win').notNull().default(sql`0`),
  },
  (t) => [primaryKey({ columns: [t.adminId, t.day, t.gameId] })],
);

/** Contact Us messages from the public landing page. */
export const complaints = pgTable(
  'complaints',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    enquiryType: text('enquiry_type').notNull(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    mobile: text('mobile').notNull(),
    details: text('details').notNull(),
    status: text('status').notNull().default('Pending'),
    ipAddress: text('ip_address'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('complaints_created_idx').on(t.createdAt), check('complaints_status', sql`${t.status} in ('Pending', 'Completed', 'Cancelled')`)],
);
