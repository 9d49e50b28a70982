/**
 * Rounds are aligned to the clock: a game of T seconds has a round every T seconds since the
 * epoch, numbered by that count. Every server instance, and a restarted one, agrees on the
 * current round without keeping any state.
 */
export interface RoundWindow {
  readonly drawNo: number;
  readonly opensAt: Date;
  readonly closesAt: Date;
}

export function roundWindow(now: Date, seconds: number): RoundWindow {
  const ms = seconds * 1000;
  const drawNo = Math.floor(now.getTime() / ms);
  return { drawNo, opensAt: new Date(drawNo * ms), closesAt: new Date((drawNo + 1) * ms) };
}

/** The console's countdown text: whole seconds left as mm:ss. */
export function countdown(now: Date, closesAt: Date): string {
  const left = Math.max(0, Math.ceil((closesAt.getTime() - now.getTime()) / 1000));
  return `${String(Math.floor(left / 60)).padStart(2, '0')}:${String(left % 60).padStart(2, '0')}`;
}
