import type { Answer } from '../contract';
import { call } from '../http';

/** The round engine's health, as the superadmin's dashboard card reads it. */
export type EngineStatus = Answer<'engineStatus'>['data'];
/** A round this instance fails to settle. */
export type FailingRound = EngineStatus['failing'][number];
/** The rounds waiting past their close, and how many. */
export type DelayedRounds = Answer<'engineDelayed'>['data'];
/** A round that waits for its result past its close, as the screens name it: its number and game. */
export type DelayedRound = DelayedRounds['rounds'][number];

/** The round engine's health and the rounds that wait on it. */
export interface EngineMethods {
  getEngineStatus(): Promise<EngineStatus | null>;
  /** The caller's rounds waiting past their close, of one admin or game when given. */
  getDelayedRounds(params: { adminId?: string | undefined; gameId?: string | undefined }): Promise<DelayedRounds | null>;
}

export const engineMethods = (): EngineMethods => ({
  getEngineStatus: async () => (await call('engineStatus')).json.data ?? null,
  getDelayedRounds: async ({ adminId, gameId }) => (await call('engineDelayed', { query: { adminId, gameId } })).json.data ?? null,
});
