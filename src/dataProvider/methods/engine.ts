import type { DelayedRound, EngineStatus, FailingRound } from '../../../domain/api';
import { API_PATHS } from '../../../domain/apiPaths';
import { request } from '../http';

export type { DelayedRound, EngineStatus, FailingRound };

export interface DelayedRounds {
  count: number;
  rounds: DelayedRound[];
}

/** The round engine's health and the rounds that wait on it. */
export interface EngineMethods {
  getEngineStatus(): Promise<EngineStatus | null>;
  /** The caller's rounds waiting past their close, of one admin or game when given. */
  getDelayedRounds(params: { adminId?: string | undefined; gameId?: string | undefined }): Promise<DelayedRounds | null>;
}

export const engineMethods = (): EngineMethods => ({
  getEngineStatus: async () => (await request<EngineStatus>(API_PATHS.engineStatus)).json.data ?? null,
  getDelayedRounds: async ({ adminId, gameId }) => (await request<DelayedRounds>(API_PATHS.engineDelayed, { query: { adminId, gameId } })).json.data ?? null,
});
