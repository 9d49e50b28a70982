import { CHAIN, tierOf, type AccountRecord, type Role } from '../../resources.config';

/** A thin client of the real API, for set-up and read-back only (the flows go through the UI). */
export class Api {
  constructor(
    readonly baseUrl: string,
    readonly token: string,
    readonly user: AccountRecord,
  ) {}

  static async login(baseUrl: string, username: string, password: string): Promise<Api> {
    const res = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    const json = (await res.json()) as { success: boolean; token: string; user: AccountRecord; message?: string };
    if (!res.ok || !json.success) throw new Error(`login ${username} failed: ${res.status} ${json.message}`);
    return new Api(baseUrl, json.token, json.user);
  }

  async raw(method: string, path: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
    const res = await fetch(`${this.baseUrl}/api/${path.replace(/^\//, '')}`, {
      method,
      headers: { Authorization: `Bearer ${this.token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  }

  async call<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    const { status, json } = await this.raw(method, path, body);
    if (status >= 300 || !json.success) throw new Error(`${method} ${path} → ${status} ${String(json.message)}`);
    return json as T;
  }

  /** The superadmin generates points into its own wallet (its own credit adjust, transactionType credit). */
  generate(points: number, password: string) {
    return this.call('POST', 'superadmins/credit-adjust', {
      userId: this.user._id,
      toUserId: this.user._id,
      password,
      adjustAmount: points,
      transactionType: 'credit',
    });
  }

  async create(api: string, data: Record<string, unknown>): Promise<AccountRecord> {
    const json = await this.call<{ data: AccountRecord }>('POST', `${api}/create`, data);
    return json.data;
  }

  /**
   * One account of every chain tier below the caller down to `to`, each under the one before,
   * created by the caller: the registry's chain, so a tier added between is made too.
   */
  async chainDown(to: Role, fields: (role: Role) => Record<string, unknown>): Promise<Partial<Record<Role, AccountRecord>>> {
    const made: Partial<Record<Role, AccountRecord>> = {};
    let parent: AccountRecord | undefined;
    for (const role of CHAIN.slice(CHAIN.indexOf(this.user.role as Role) + 1, CHAIN.indexOf(to) + 1)) {
      // The tier right below the caller hangs under the caller without naming it.
      parent = made[role] = await this.create(tierOf(role).api.replace(/^\//, ''), { ...fields(role), ...(parent ? { refId: parent._id } : {}) });
    }
    return made;
  }

  transfer(api: string, toUserId: string, points: number, password: string) {
    return this.call('POST', `${api}/credit-transfer`, { userId: this.user._id, toUserId, password, transferAmount: points });
  }

  async get(api: string, id: string): Promise<AccountRecord> {
    return (await this.call<{ data: AccountRecord }>('GET', `${api}/${id}`)).data;
  }

  async wallet(): Promise<number> {
    const json = await this.call<{ data: { walletBalance: number }[] }>('GET', 'credit/loadcredit');
    return json.data[0]!.walletBalance;
  }
}

/**
 * The body of an admin the superadmin creates for a test: a person of its own (name, email, phone,
 * address) under the superadmin, active, with the given password and games.
 */
export function adminBody(
  person: { firstName: string; lastName: string; email: string; phone: string; address: string; pinCode: string },
  opts: { refId: string; password: string; games?: string[] },
): Record<string, unknown> {
  return {
    ...person,
    country: 'IN',
    state: 'KA',
    city: 'Bengaluru',
    commissionAmount: 0,
    refId: opts.refId,
    userStatus: true,
    password: opts.password,
    pin: '1234',
    ...(opts.games ? { games: opts.games } : {}),
  };
}
