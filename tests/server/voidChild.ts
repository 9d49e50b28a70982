/**
 * A process of its own that voids one round (server/games/voidRound.ts) against PostgreSQL, for
 * round-void-kill.test.ts to kill with SIGKILL in the middle: `node --import tsx voidChild.ts <url> <roundId>`.
 */
import { openDatabase } from '../../server/db/client';
import { voidRound } from '../../server/games/voidRound';

const [url, roundId] = process.argv.slice(2);
const db = await openDatabase({ databaseUrl: url, poolSize: 1 });
const v = await voidRound(db, Number(roundId), new Date(), { reason: 'notSettledInTime', afterSeconds: 300, errorCode: null, attempts: 0 });
process.stdout.write(`voided ${v ? v.tickets : 0}\n`);
await db.close();
