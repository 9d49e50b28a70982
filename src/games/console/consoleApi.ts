import { request } from '../../dataProvider/http';
import type { RoundDecision } from './consoleTypes';
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
