import type { ConsoleData, RoundDecision } from '../../games/console/consoleTypes';
import { translate } from '../../i18n/translate';
import { call } from '../http';

/** One game's console of one admin. */
export interface ConsoleTarget {
  gameId: string;
  adminId: string;
}

/** The result an operator queues for the next round to close (Andhar Bahar adds colour and type). */
export interface ResultPick {
  result: string;
  color?: string;
  type?: string;
}

/** The consoles' calls. */
export interface ConsoleMethods {
  /** Add Balance (`add`: points from the admin's wallet into the pool) or Reset Balance (`remove`: the whole pool back). */
  moveBalance(target: ConsoleTarget, type: 'add' | 'remove', balance?: number): Promise<{ message: string | undefined; moved: number | null }>;
  /** SAVE: queues the result of the next round to close; resolves with the server's message. */
  saveResult(target: ConsoleTarget, pick: ResultPick, boosterValue: number): Promise<string | undefined>;
  /** The engine's audit of one settled round. */
  getRoundDecision(roundId: string, adminId: string): Promise<RoundDecision>;
  /** The console's figures once: a game made in Game Master needs its catalogue row before its console can be drawn. */
  getConsole(target: ConsoleTarget): Promise<ConsoleData>;
  /** The time left in the current round, as mm:ss. */
  getTimer(target: ConsoleTarget): Promise<string>;
}

export const consoleMethods = (): ConsoleMethods => ({
  moveBalance: async (t, type, balance) => {
    const { json } = await call('addBalance', { method: 'POST', body: { ...t, type, ...(balance === undefined ? {} : { balance }) } });
    // The reply's data is a loose object (the move's figures are the console's): `moved` is read where it is a number.
    return { message: json.message, moved: typeof json.data.moved === 'number' ? json.data.moved : null };
  },
  saveResult: async (t, pick, boosterValue) => (await call('addResult', { method: 'POST', body: { ...t, ...pick, boosterValue } })).json.message,
  getRoundDecision: async (roundId, adminId) => {
    const { json } = await call('decision', { params: { roundId }, query: { adminId } });
    if (!json.data) throw new Error('No settled round with this id.');
    // The audit's schema is a loose object (its fields are the engine's): its shape is consoleTypes.ts'.
    return json.data as unknown as RoundDecision;
  },
  getConsole: async (t) => {
    const { json } = await call('loadConsole', { query: { ...t } });
    if (!json.data) throw new Error(json.message ?? translate('td.catalogue.gamemaster.notFound'));
    // The console's data follows the game's declaration (a loose object in the schema): its shape is consoleTypes.ts'.
    return json.data as unknown as ConsoleData;
  },
  getTimer: async (t) => (await call('timer', { query: { ...t } })).json.data?.time ?? '00:00',
});
