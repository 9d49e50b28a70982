/**
 * `npm run simulate`: a demo hierarchy and a stream of realistic bets against a running server,
 * through the public API only, so the consoles, the bet list and the reports show real figures.
 *
 *   SIM_URL            server to drive (default http://127.0.0.1:$PORT or :8080)
 *   SUPERADMIN_USERNAME / SUPERADMIN_PASSWORD   the superadmin to log in as
 *   SIM_PLAYERS        players to create (default 8)
 *   SIM_SECONDS        how long to bet (default 0: until Ctrl-C)
 */
import { GAME_DECLARATIONS, tierOf, type Role } from '../resources.config';
import { accountBody } from '../tests/fixtures/accountBody';

const base = (process.env.SIM_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`).replace(/\/$/, '');
const rootUser = process.env.SUPERADMIN_USERNAME ?? 'superadmin';
const rootPassword = process.env.SUPERADMIN_PASSWORD;
const playerCount = Number(process.env.SIM_PLAYERS ?? 8);
const seconds = Number(process.env.SIM_SECONDS ?? 0);
const PASSWORD = 'simulated-pass';

interface Reply {
  status: number;
  body: { success?: boolean; message?: string; data?: unknown; token?: string; user?: { _id: string } };
}

async function api(method: string, path: string, token: string | null, body?: unknown): Promise<Reply> {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as Reply['body'] };
}

async function must(method: string, path: string, token: string | null, body?: unknown): Promise<Reply['body']> {
  const r = await api(method, path, token, body);
  if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${r.body.message ?? ''}`);
  return r.body;
}

async function create(token: string, role: Role, parentId: string, extra: Record<string, unknown> = {}): Promise<{ _id: string; username: string }> {
  const r = await must('POST', `${tierOf(role).api}/create`, token, { ...accountBody(role, { password: PASSWORD, refId: parentId }), ...extra });
  return r.data as { _id: string; username: string };
}

const login = async (username: string, password: string) => (await must('POST', '/auth/login', null, { username, password })).token as string;
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)];

async function main() {
  if (!rootPassword) throw new Error('Set SUPERADMIN_PASSWORD (the superadmin the simulator logs in as).');
  const login0 = await must('POST', '/auth/login', null, { username: rootUser, password: rootPassword });
  const root = { token: login0.token as string, id: login0.user!._id };
  const games = (await must('GET', `/game/usergames/${root.id}`, root.token)).data as { _id: string; gameId: string }[];
  const admin = await create(root.token, 'admin', root.id, { games: games.map((g) => g._id) });
  const sam = await create(root.token, 'superareamanager', admin._id);
  const am = await create(root.token, 'areamanager', sam._id);
  const master = await create(root.token, 'master', am._id);
  const players: { username: string; _id: string; token?: string }[] = [];
  for (let i = 0; i < playerCount; i++) players.push(await create(root.token, 'player', master._id));
  const fundEach = 1_000;
  await must('POST', '/superadmins/credit-adjust', root.token, { password: rootPassword, adjustAmount: fundEach * (playerCount + 5), transactionType: 'credit', toUserId: root.id });
  await must('POST', `${tierOf('admin').api}/credit-transfer`, root.token, { userId: root.id, password: rootPassword, transferAmount: fundEach * 5, toUserId: admin._id });
  for (const p of players) {
    await must('POST', `${tierOf('player').api}/credit-transfer`, root.token, { userId: root.id, password: rootPassword, transferAmount: fundEach, toUserId: p._id });
    p.token = await login(p.username, PASSWORD);
  }
  console.log(`Simulating ${players.length} players of admin ${admin.username} (password ${PASSWORD}) on ${base}`);
  const live = GAME_DECLARATIONS.filter((g) => games.some((x) => x.gameId === g.gameId));
  const until = seconds > 0 ? Date.now() + seconds * 1000 : Infinity;
  let placed = 0;
  let refused = 0;
  while (Date.now() < until) {
    await Promise.all(
      players.map(async (p) => {
        const game = pick(live);
        const draws = Array.from({ length: 1 + Math.floor(Math.random() * 3) }, () => ({ drawno: pick(game.options).key, drawqty: 1 + Math.floor(Math.random() * 5) }));
        const r = await api('POST', '/app/createbet', p.token!, { gameId: game.gameId, draws });
        if (r.status === 201) placed++;
        else refused++;
      }),
    );
    process.stdout.write(`\rbets placed ${placed}, refused ${refused} (balance or closed round)`);
    await new Promise((res) => setTimeout(res, 1000 + Math.random() * 2000));
  }
  console.log();
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
