/**
 * A soak's world on a real server, built and played through the HTTP API only, as an operator and
 * players would: the games' round length set through Time Master, an admin chain with the games,
 * funded players, pools funded through the console, bets, results forced from the console. Then
 * what the players can see of it: every accepted ticket settled, every wallet its start minus its
 * stakes plus its wins. Shared by tests/server/soak.test.ts and bench/soak.ts.
 */
import { randomInt } from 'node:crypto';
import { pointsToCents } from '../../domain/money';
import { ACCOUNT_PATHS, API_PATHS, fillPath } from '../../domain/apiPaths';
import { CHAIN, gameDeclaration, LEAF_TIER, tierOf, type Role } from '../../resources.config';
import { accountBody } from '../fixtures/accountBody';

export interface ApiReply {
  status: number;
  json: Record<string, unknown>;
}
/** One call of the API (`path` under /api); a connection failure answers status 0. */
export type Api = (method: string, path: string, token?: string, body?: unknown) => Promise<ApiReply>;

/** `timeoutMs`: a call not answered by then answers status 0 (a long write, such as Clear History, takes a longer one). */
export function fetchApi(base: string, timeoutMs = 30_000): Api {
  return async (method, path, token, body) => {
    try {
      const res = await fetch(`${base}/api${path}`, {
        method,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await res.text();
      let json: Record<string, unknown> = {};
      try {
        json = JSON.parse(text) as Record<string, unknown>;
      } catch {
        json = { text };
      }
      return { status: res.status, json };
    } catch (e) {
      return { status: 0, json: { message: (e as Error).message } };
    }
  };
}

/** The reply's body when the call succeeded (2xx), else an error naming what failed. */
export async function must(r: Promise<ApiReply>, what: string): Promise<Record<string, unknown>> {
  const x = await r;
  if (x.status < 200 || x.status >= 300) throw new Error(`${what}: ${x.status} ${JSON.stringify(x.json)}`);
  return x.json;
}

const cents = (points: unknown): bigint => {
  const c = pointsToCents(points);
  if (c === null) throw new Error(`not an amount of points: ${JSON.stringify(points)}`);
  return c;
};

export interface SoakPlayer {
  id: string;
  username: string;
  token: string;
  startCents: bigint;
}

export interface SoakWorld {
  rootToken: string;
  rootId: string;
  adminId: string;
  adminUsername: string;
  /** When the admin existed, i.e. when the engine began opening its rounds. */
  adminAt: Date;
  games: readonly string[];
  players: SoakPlayer[];
}

export interface SoakSetup {
  password: string;
  games: readonly string[];
  roundSeconds: number;
  players: number;
  /** Points each player starts with. */
  playerPoints: number;
  /** Points put into each game's pool through the console, so the automatic choice can pay winners. */
  poolPoints: number;
}

/** Sets every game's round length, builds the chain and the players, funds wallets and pools; all through the API. */
export async function setUpSoak(api: Api, o: SoakSetup): Promise<SoakWorld> {
  const root = await must(api('POST', API_PATHS.login, undefined, { username: 'superadmin', password: o.password }), 'superadmin login');
  const rootToken = String(root.token);
  const rootId = String((root.user as { _id: string })._id);

  // Time Master: the length exists once (a second add of it is 409), then each game is edited to it.
  const added = await api('POST', API_PATHS.times, rootToken, { timecount: o.roundSeconds });
  if (added.status !== 201 && added.status !== 409) throw new Error(`add time: ${added.status} ${JSON.stringify(added.json)}`);
  const times = (await must(api('GET', API_PATHS.timeList, rootToken), 'time list')).data as { id: string; timecount: number }[];
  const timeId = times.find((t) => Number(t.timecount) === o.roundSeconds)?.id;
  if (!timeId) throw new Error(`no time of ${o.roundSeconds} s in ${JSON.stringify(times)}`);
  const gameDbIds: string[] = [];
  for (const code of o.games) {
    const path = fillPath(API_PATHS.game, { id: code });
    const g = (await must(api('GET', path, rootToken), `game ${code}`)).data as Record<string, unknown>;
    const edited = await must(
      api('PUT', path, rootToken, {
        gameName: g.gameName,
        nodigit: g.nodigit,
        gameDescription: g.gameDescription,
        publisher: g.publisher,
        releaseDate: String(g.releaseDate).slice(0, 10),
        gameStatus: g.status,
        timeId,
      }),
      `set ${code}'s round length`,
    );
    const time = Number((edited.data as { time: number }).time);
    if (time !== o.roundSeconds) throw new Error(`${code}'s round length is ${time} s after the edit`);
    gameDbIds.push(String(g.id));
  }

  const create = async (role: Role, parent: string, extra: Record<string, unknown> = {}) =>
    (await must(api('POST', `${tierOf(role).api}${ACCOUNT_PATHS.create}`, rootToken, { ...accountBody(role, { password: o.password, refId: parent }), ...extra }), `create ${role}`)).data as {
      _id: string;
      username: string;
    };
  const admin = await create('admin', rootId, { games: gameDbIds });
  const adminAt = new Date();
  // One account of every tier the registry puts between the admin and its players, each under the one above.
  let playersParent = admin;
  for (const role of CHAIN.slice(CHAIN.indexOf('admin') + 1, CHAIN.indexOf(LEAF_TIER))) playersParent = await create(role, playersParent._id);

  const poolTotal = o.poolPoints * o.games.length;
  await must(
    api('POST', `${tierOf('superadmin').api}${ACCOUNT_PATHS.creditAdjust}`, rootToken, { password: o.password, adjustAmount: o.playerPoints * o.players + poolTotal, transactionType: 'credit', toUserId: rootId }),
    'generate points',
  );
  const transfer = (role: Role, to: string, points: number) =>
    must(api('POST', `${tierOf(role).api}${ACCOUNT_PATHS.creditTransfer}`, rootToken, { userId: rootId, password: o.password, transferAmount: points, toUserId: to }), `fund ${role} ${to}`);
  if (poolTotal > 0) {
    await transfer('admin', admin._id, poolTotal);
    for (const gameId of o.games)
      await must(api('POST', API_PATHS.addBalance, rootToken, { adminId: admin._id, gameId, balance: o.poolPoints, type: 'add' }), `fund ${gameId}'s pool`);
  }

  const players: SoakPlayer[] = [];
  for (let i = 0; i < o.players; i += 10) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(10, o.players - i) }, async () => {
        const p = await create('player', playersParent._id);
        await transfer('player', p._id, o.playerPoints);
        const login = await must(api('POST', API_PATHS.login, undefined, { username: p.username, password: o.password }), `login ${p.username}`);
        return { id: p._id, username: p.username, token: String(login.token), startCents: BigInt(o.playerPoints) * 100n };
      }),
    );
    players.push(...batch);
  }
  return { rootToken, rootId, adminId: admin._id, adminUsername: admin.username, adminAt, games: o.games, players };
}

export interface Draw {
  drawno: string;
  drawqty: number;
}

/** One to three distinct options of the game, 1–5 each. */
export function randomDraws(gameId: string): Draw[] {
  const options = gameDeclaration(gameId)?.options ?? [];
  if (!options.length) throw new Error(`no declared game ${gameId}`);
  const picks = new Map<string, number>();
  for (let i = 0, n = 1 + randomInt(3); i < n; i++) picks.set(options[randomInt(options.length)]!.key, 1 + randomInt(5));
  return [...picks].map(([drawno, drawqty]) => ({ drawno, drawqty }));
}

export interface AcceptedBet {
  ticketId: string;
  playerId: string;
  gameId: string;
  drawNo: number;
  stakeCents: bigint;
  draws: Draw[];
}

export type BetAnswer = { ok: true; bet: AcceptedBet; ms: number } | { ok: false; status: number; message: string; ms: number };

export async function placeBet(api: Api, player: SoakPlayer, gameId: string, draws: Draw[] = randomDraws(gameId)): Promise<BetAnswer> {
  const t = performance.now();
  const r = await api('POST', API_PATHS.createBet, player.token, { gameId, draws });
  const ms = performance.now() - t;
  const data = r.json.data as { ticketId?: string | number; drawno?: number; playpoints?: number } | undefined;
  if (r.status === 201 && data?.ticketId !== undefined) {
    return { ok: true, ms, bet: { ticketId: String(data.ticketId), playerId: player.id, gameId, drawNo: Number(data.drawno), stakeCents: cents(data.playpoints), draws } };
  }
  return { ok: false, status: r.status, message: String(r.json.message ?? ''), ms };
}

/** A console result for the admin's game (the next round of it to settle takes it). */
export const forceResult = (api: Api, world: SoakWorld, gameId: string, result: string, booster: 1 | 2) =>
  must(api('POST', API_PATHS.addResult, world.rootToken, { adminId: world.adminId, gameId, result, boosterValue: booster }), `force ${result} on ${gameId}`);

/** The engine's health as the superadmin's dashboard reads it. */
export async function engineStatus(api: Api, world: SoakWorld): Promise<{ roundsBehind: number; oldestClosedAt: string | null; failing: unknown[] }> {
  return (await must(api('GET', API_PATHS.engineStatus, world.rootToken), 'engine status')).data as { roundsBehind: number; oldestClosedAt: string | null; failing: unknown[] };
}

export interface SeenTicket {
  ticketId: string;
  status: string;
  winCents: bigint;
  stakeCents: bigint;
  result: string | null;
}

/** Every ticket of the player as its own list shows it, page by page. */
export async function playerTickets(api: Api, player: SoakPlayer): Promise<SeenTicket[]> {
  const out: SeenTicket[] = [];
  for (let page = 1; ; page++) {
    const r = await must(api('GET', `${API_PATHS.tickets}?page=${page}&limit=100`, player.token), `tickets of ${player.username}`);
    const rows = r.data as { ticketId: string | number; status: string; winpoints: number; playpoints: number; resultNo: string | null }[];
    for (const x of rows)
      out.push({ ticketId: String(x.ticketId), status: x.status, winCents: cents(x.winpoints ?? 0), stakeCents: cents(x.playpoints), result: x.resultNo === null ? null : String(x.resultNo) });
    if (rows.length < 100 || out.length >= Number(r.total)) return out;
  }
}

export async function walletCentsOf(api: Api, player: SoakPlayer): Promise<bigint> {
  const r = await must(api('GET', API_PATHS.myCredit, player.token), `wallet of ${player.username}`);
  return cents((r.data as { walletBalance: number }[])[0]!.walletBalance);
}

export interface PlayerAccount {
  player: SoakPlayer;
  stakesCents: bigint;
  winsCents: bigint;
  /** start − stakes + wins, from the answers. */
  expectedCents: bigint;
  walletCents: bigint;
}

/**
 * What the players see after the run: each accepted bet is one of their tickets, settled, with the
 * stake its answer said; no other ticket; each wallet is its start minus the stakes plus the wins.
 * Answers the faults (none when all holds) and each player's account.
 */
export async function auditPlayers(api: Api, world: SoakWorld, accepted: readonly AcceptedBet[]): Promise<{ faults: string[]; accounts: PlayerAccount[]; tickets: Map<string, SeenTicket> }> {
  const faults: string[] = [];
  const accounts: PlayerAccount[] = [];
  const tickets = new Map<string, SeenTicket>();
  for (const player of world.players) {
    const mine = accepted.filter((b) => b.playerId === player.id);
    const seen = new Map((await playerTickets(api, player)).map((t) => [t.ticketId, t]));
    for (const [id, t] of seen) tickets.set(id, t);
    if (seen.size !== mine.length) faults.push(`${player.username}: ${seen.size} tickets listed for ${mine.length} accepted bets`);
    let stakes = 0n;
    let wins = 0n;
    for (const b of mine) {
      const t = seen.get(b.ticketId);
      stakes += b.stakeCents;
      if (!t) faults.push(`ticket ${b.ticketId} of ${player.username} is not in the player's list`);
      else {
        if (t.status !== 'settled') faults.push(`ticket ${b.ticketId} is ${t.status}`);
        if (t.stakeCents !== b.stakeCents) faults.push(`ticket ${b.ticketId}: stake ${t.stakeCents} listed, ${b.stakeCents} answered`);
        wins += t.winCents;
      }
    }
    const walletCents = await walletCentsOf(api, player);
    const expectedCents = player.startCents - stakes + wins;
    if (walletCents !== expectedCents) faults.push(`${player.username}: wallet ${walletCents} cents, start ${player.startCents} − stakes ${stakes} + wins ${wins} = ${expectedCents}`);
    accounts.push({ player, stakesCents: stakes, winsCents: wins, expectedCents, walletCents });
  }
  return { faults, accounts, tickets };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
