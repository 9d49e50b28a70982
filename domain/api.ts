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

/** An account as the API returns it (spec section 3). Never a password, PIN or hash. */
/** Generic in the role names because those belong to the registry, which domain does not import. */
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
}

/** A turnover report row (spec section 3), points with 2 decimals: one per direct child of the viewed account. */
export interface TurnoverRow {
  id: string;
  username: string;
  role: string;
  compercentage: number;
  playPoints: number;
  winPoints: number;
  endPoints: number;
  supercom: number;
  distcom: number;
  retailcom: number;
  usercom: number;
  commission: number;
  netToPay: number;
}

/** A net-to-pay row (spec section 3): the revenue report's and the commission send's, one account each. */
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
