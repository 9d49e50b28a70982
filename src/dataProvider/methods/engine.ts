import type { DelayedRound } from '../../../domain/api';
import { API_PATHS } from '../../../domain/apiPaths';
import { request } from '../http';

/** A round this instance fails to settle: named when it still exists, with a code (never the error's text). */
export interface FailingRound {
  roundId: string;
  drawNo: number | null;
  gameName: string | null;
  admin: string | null;
  attempts: number;
  code: string;
  nextAttemptAt: string;
}

export interface EngineStatus {
  roundsBehind: number;
  oldestClosedAt: string | null;
  failing: FailingRound[];
}

export type { DelayedRound };

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
