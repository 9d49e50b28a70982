import { interpolate, MESSAGES, type MessageCode, type MessageParams } from './messages';
import { matchTemplate } from './templates';

/**
 * What an activity row says was attempted, by code: the English of each (the catalogue's
 * `td.activity.subject.*`; Hindi in src/i18n/hiActivity.ts). `%{tier}` is a tier's role key, shown as
 * the tier's name in the reader's language; `%{folder}` a backup folder; `%{name}` a screen's own word.
 * The English is the text rows carried before codes were stored, so those rows read back as codes.
 */
export const ACTIVITY_SUBJECTS = {
  login: 'Login',
  logout: 'Logout',
  changePassword: 'Change password',
  passwordCheck: 'Password check',
  signup: 'Sign-up',
  forcePlayerLogout: 'Force player logout',
  createAccount: 'Create %{tier}',
  creditTransfer: 'Credit transfer to %{tier}',
  creditAdjust: 'Credit adjust of %{tier}',
  toggleStatus: 'Toggle %{tier} status',
  updateAccount: 'Update %{tier}',
  grantBackups: 'Update %{tier}: backups granted to %{name}',
  revokeBackups: 'Update %{tier}: backups revoked from %{name}',
  deleteAccount: 'Delete %{tier}',
  createChild: 'Create child of %{tier}',
  updateChild: 'Update child of %{tier}',
  creditTransferChild: 'Credit transfer to child of %{tier}',
  creditAdjustChild: 'Credit adjust of child of %{tier}',
  toggleChild: 'Toggle child of %{tier}',
  deleteChild: 'Delete child of %{tier}',
  contactMessage: 'Contact message',
  messageStatus: 'Message status',
  backup: 'Backup',
  cloudTransfer: 'Cloud transfer',
  cloudTransferOf: 'Transfer %{folder}',
  restore: 'Restore',
  restoreFrom: 'Restore from %{folder}',
  clearHistory: 'Clear history',
  commissionSend: 'Commission send',
  addGame: 'Add game',
  editGame: 'Edit game',
  gameStatus: 'Game status',
  deleteGame: 'Delete game',
  addTime: 'Add time',
  gameBalance: 'Game balance',
  consoleResult: 'Console result',
  winPercentage: 'Win percentage',
  screenEvent: 'Screen: %{name}',
  /** A route that declares no subject (a gap the server tests name). */
  otherRequest: 'Other request: %{method} %{route}',
} as const;

export type ActivityCode = keyof typeof ACTIVITY_SUBJECTS;
export type ActivityParams = MessageParams;

/** What a row says was attempted. */
export interface ActivitySubject {
  code: ActivityCode;
  params?: ActivityParams;
}

/**
 * How the attempt ended: `status` is the HTTP status answered (below 400: done), `reason` the
 * refusal's message code (domain/messages.ts) when the server gave one.
 */
export interface ActivityOutcome {
  status: number;
  reason?: MessageCode | null;
  params?: ActivityParams | null;
}

/** The English of an outcome (the catalogue's `td.activity.outcome.*`). */
export const ACTIVITY_OUTCOMES = {
  done: 'Done',
  refused: 'Refused: %{reason}',
  refusedStatus: 'Refused (HTTP %{status})',
  unknown: 'Outcome not recorded',
} as const;

export type OutcomeKey = keyof typeof ACTIVITY_OUTCOMES;

export const subject = (code: ActivityCode, params?: ActivityParams): ActivitySubject => (params ? { code, params } : { code });

export const isActivityCode = (v: unknown): v is ActivityCode => typeof v === 'string' && Object.hasOwn(ACTIVITY_SUBJECTS, v);

export const isMessageCode = (v: unknown): v is MessageCode => typeof v === 'string' && Object.hasOwn(MESSAGES, v);

/** Which outcome text a row takes: none recorded (rows written before outcomes were), done, or refused with or without a reason. */
export function outcomeKey(o: ActivityOutcome | null): OutcomeKey {
  if (!o) return 'unknown';
  if (o.status < 400) return 'done';
  return o.reason ? 'refused' : 'refusedStatus';
}

/** The words a renderer needs in one language: the templates, a tier's name and a message by code. */
export interface ActivityWords {
  subject: (code: ActivityCode) => string;
  outcome: (key: OutcomeKey) => string;
  tier: (role: string) => string;
  message: (code: MessageCode, params: ActivityParams) => string;
}

/** A subject in the reader's words; a row without a code (text no code matched) shows as stored. */
export function renderSubject(s: ActivitySubject | null, stored: string, w: Pick<ActivityWords, 'subject' | 'tier'>): string {
  if (!s) return stored;
  const params = { ...s.params };
  if (typeof params.tier === 'string') params.tier = w.tier(params.tier);
  return interpolate(w.subject(s.code), params);
}

export function renderOutcome(o: ActivityOutcome | null, w: Pick<ActivityWords, 'outcome' | 'message'>): string {
  const key = outcomeKey(o);
  const reason = o?.reason ? w.message(o.reason, o.params ?? {}) : '';
  return interpolate(w.outcome(key), { reason, status: o?.status ?? '' });
}

/** English words over the domain's own texts; `tier` gives a role's English name (the registry's). */
export const englishActivityWords = (tier: (role: string) => string): ActivityWords => ({
  subject: (code) => ACTIVITY_SUBJECTS[code],
  outcome: (key) => ACTIVITY_OUTCOMES[key],
  tier,
  message: (code, params) => interpolate(MESSAGES[code], params),
});

/**
 * Rows written before codes were stored (and the credit-transfer function's rows, which carry the
 * English subject): their text read back as a code with its parameters. `roleOf` maps a tier's
 * English name back to its role key; a text nothing matches stays uncoded (shown as stored).
 * A raw request line (`POST /api/auth/checkpassword`, written when a route had no subject) is read
 * through `REQUEST_LINES`.
 */
export function parseSubject(text: string, roleOf: (label: string) => string | undefined): ActivitySubject | null {
  const line = REQUEST_LINES[text];
  if (line) return { code: line };
  if (text === 'Screen event') return { code: 'screenEvent', params: { name: 'event' } };
  for (const [code, template] of Object.entries(ACTIVITY_SUBJECTS) as [ActivityCode, string][]) {
    const params = matchTemplate(template, text);
    if (!params) continue;
    // A tier's name that is no tier's (another template's words) is not a match.
    if (params.tier !== undefined) {
      const role = roleOf(params.tier);
      if (!role) continue;
      params.tier = role;
    }
    return Object.keys(params).length ? { code, params } : { code };
  }
  return null;
}

/** The outcome old login rows told in their subject (`Failed login`, `Login refused: …`). */
export const LEGACY_LOGIN_OUTCOMES: Record<string, ActivityOutcome> = {
  'Failed login': { status: 401, reason: 'invalidCredentials' },
  'Login refused: locked out': { status: 429, reason: 'tooManyRequests' },
  'Login refused: account deactivated': { status: 403, reason: 'accountDeactivated' },
  'Login refused: network suspended': { status: 403, reason: 'accountSuspended' },
};

/** Request lines old rows carried for routes that then had no subject. */
const REQUEST_LINES: Record<string, ActivityCode> = {
  'POST /api/auth/checkpassword': 'passwordCheck',
  'POST /api/auth/logout': 'logout',
  'GET /api/auth/logout': 'logout',
};
