import { request } from '../../dataProvider/http';
import { translate } from '../../i18n/translate';
import type { ConsoleData, RoundDecision } from './consoleTypes';
import { API_PATHS, fillPath } from '../../../domain/apiPaths';

interface Target {
  gameId: string;
  adminId: string;
}

/** Add Balance (`type: add`, points from the admin's wallet into the pool) or Reset Balance (`remove`, the whole pool back). */
export async function moveBalance(t: Target, type: 'add' | 'remove', balance?: number): Promise<{ message: string | undefined; moved: number | null }> {
  const { json } = await request<{ moved?: number }>(API_PATHS.addBalance, { method: 'POST', body: { ...t, type, ...(balance === undefined ? {} : { balance }) } });
  return { message: json.message, moved: typeof json.data?.moved === 'number' ? json.data.moved : null };
}

/** SAVE: queues the result of the next round to close (Andhar Bahar adds colour and type). */
export async function saveResult(t: Target, pick: { result: string; color?: string; type?: string }, boosterValue: number): Promise<string | undefined> {
  const { json } = await request(API_PATHS.addResult, { method: 'POST', body: { ...t, ...pick, boosterValue } });
  return json.message;
}

export async function loadDecision(roundId: string, adminId: string): Promise<RoundDecision> {
  const { json } = await request<RoundDecision>(fillPath(API_PATHS.decision, { roundId }), { query: { adminId } });
  if (!json.data) throw new Error('No settled round with this id.');
  return json.data;
}

/** The console's figures once, by REST: a game made in Game Master needs its catalogue row before its console can be drawn. */
export async function loadConsole(t: Target): Promise<ConsoleData> {
  const { json } = await request<ConsoleData>(API_PATHS.loadConsole, { query: { ...t } });
  if (!json.data) throw new Error(json.message ?? translate('td.catalogue.gamemaster.notFound'));
  return json.data;
}
