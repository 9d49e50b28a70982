import type { ActivityCode, ActivityOutcome } from './activity';
import type { MessageCode, MessageParams } from './messages';

/** The one response envelope of every API call. */
export interface Envelope<T = unknown> {
  success: boolean;
  message?: string;
  data?: T;
  /** On 400: the first invalid field, and every field error. */
  field?: string;
  errors?: FieldError[];
  /** On errors: the message's code and parameters (domain/messages.ts), beside the English `message`. */
  code?: MessageCode;
  params?: MessageParams;
  /** On paged lists: the total count before paging. */
  total?: number;
}

export interface FieldError {
  field: string;
  message: string;
  /** The message's code in domain/messages.ts and its parameters: what a client translates. */
  code?: MessageCode;
  params?: MessageParams;
}

export interface RefSummary {
  _id: string;
  username: string;
  walletBalance?: number;
}

/**
 * An account as the API returns it: never a password, PIN or hash. Generic in the role names
 * because those belong to the registry, which domain does not import.
 */
export interface AccountRecordOf<R extends string> {
  _id: string;
  username: string;
  role: R;
  roles: R[];
  status: 'active' | 'inactive';
  userStatus: boolean;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  dateOfBirth: string | null;
  country: string | null;
  state: string | null;
  city: string | null;
  address: string | null;
  pinCode: string | null;
  occupation: string | null;
  commission: number;
  note: string;
  refId: RefSummary | null;
  walletBalance: number;
  wallet: { individualCredit: number }[];
  games: { _id: string; gameName: string; gameId: string }[];
  isLoggedIn: boolean;
  lastLogin: string | null;
  createdAt: string;
  /** The superadmin's grant: this account may back up and restore the whole installation (admins only). */
  mayBackup: boolean;
}

/** A turnover report row's figures beside its commission columns, points with 2 decimals. */
export interface TurnoverBase {
  id: string;
  username: string;
  role: string;
  compercentage: number;
  playPoints: number;
  winPoints: number;
  endPoints: number;
  commission: number;
  netToPay: number;
}

/**
 * A turnover report row: one per direct child of the viewed account, with one field per commission
 * column `C` (the registry's tiers name them, e.g. `supercom`). commission is their sum.
 */
export type TurnoverRowOf<C extends string> = TurnoverBase & Record<C, number>;

/** A net-to-pay row: the revenue report's and the commission send's, one account each. */
export interface NetRow {
  id: string;
  username: string;
  role: string;
  playPoints: number;
  winPoints: number;
  endPoints: number;
  commission: number;
  netToPay: number;
}

/** One day of the dashboard's chart (GET reports/dailyplay): the subtree's play, win and net, in points. */
export interface DayFigures {
  day: string;
  playPoints: number;
  winPoints: number;
  endPoints: number;
}

/** An admin commission row: one admin's play on one game, with its commission. */
export interface AdminCommissionRow {
  gameId: string;
  gameName: string;
  username: string;
  nofDigit: number;
  winpercentage: number;
  totalpoints: number;
  totalwinpoints: number;
  commission: number;
}

/** One row of GET reports/commissionpayout: an account's commission not paid yet. */
export interface PendingRow {
  id: string;
  username: string;
  role: string;
  /** The account's commission rate in percent. */
  commission: number;
  /** The play under the account since its commission was last paid, in points. */
  totalcommission: number;
  /** totalcommission × commission / 100, half-up to the cent (domain/commission.ts). */
  pending: number;
}

/** A side of a ledger row; `displayName` is what people read (a game pool's is "Fun Target pool · AD0005"). */
export interface TransactionSide {
  _id: string;
  username: string;
  displayName: string;
}

/** One ledger row of GET reports/transactionreport, signed for one account. */
export interface TransactionRow {
  _id: string;
  /** The side the points left (null: points created by the chain's root). */
  userId: TransactionSide | null;
  /** The side the points went to (null: points burned). */
  toUserId: TransactionSide | null;
  /** Positive: into `account`; negative: out of it. */
  amount: number;
  transactionType: string;
  /** `account`'s balance after the row. */
  newBalance: number | null;
  /** The account the row is signed for: the viewed one when it is a side, else the side in its subtree lower in the tree. */
  account: TransactionSide | null;
  transactionMessage: string;
  status: string;
  createdAt: string;
}

/** An account of a report's user filter (GET reports/findallusers). */
export interface ReportUser {
  _id: string;
  username: string;
  role: string;
}

/** One row of the activity log; `id` is react-admin's (simple-rest), the same as `_id`. */
export interface LogRow {
  id: string;
  _id: string;
  /** The account the row is about; null for a failed login of an unknown name. */
  userId: string | null;
  username: string | null;
  /** What was attempted, in English (the code rendered; as stored when no code matched). */
  subject: string;
  /** The same by code (domain/activity.ts), for the reader's language; null when the stored text matched none. */
  code: ActivityCode | null;
  params: MessageParams | null;
  /** How it ended (done, or refused with its reason); null on rows written before outcomes were recorded. */
  outcome: ActivityOutcome | null;
  requestUrl: string;
  method: string;
  ipAddress: string | null;
  createdAt: string;
}

/** The statuses a Contact Us message moves between: any of them may follow any other. */
export const COMPLAINT_STATUSES = ['Pending', 'Completed', 'Cancelled'] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];

/** One Contact Us message; `id` is react-admin's (simple-rest), the same as `_id`. */
export interface ComplaintRow {
  id: string;
  _id: string;
  enquiryType: string;
  fullName: string;
  email: string;
  mobile: string;
  complaintDetails: string;
  status: ComplaintStatus;
  createdAt: string;
}

/**
 * A round that waits for its result past its close, as the screens name it: its number and game.
 * A type, not an interface: the route's loose response schema needs its implicit index signature.
 */
export type DelayedRound = {
  roundId: string;
  drawNo: number;
  gameId: string;
  gameName: string;
  /** The admin whose round it is (the superadmin's card names it). */
  admin: string;
  closesAt: string;
};

/** A round this instance fails to settle: named when it still exists, with a code (never the error's text). */
export type FailingRound = {
  roundId: string;
  drawNo: number | null;
  gameName: string | null;
  admin: string | null;
  attempts: number;
  code: string;
  lastAttemptAt: string;
  nextAttemptAt: string;
};

/** The round engine's health, as the superadmin's dashboard card reads it. */
export type EngineStatus = {
  roundsBehind: number;
  oldestClosedAt: string | null;
  failing: FailingRound[];
};
