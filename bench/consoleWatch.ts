import type { Socket } from 'socket.io-client';

/**
 * Times bet → console push on an operator's socket: each accepted bet waits for the first
 * `responseData` of its round whose collection counts it (every bench bet stakes 1 point).
 */
export function watchConsole(socket: Socket) {
  const pending: { round: number; count: number; at: number }[] = [];
  const perRound = new Map<number, number>();
  const latencies: number[] = [];
  socket.on('responseData', (m: { data?: { totalDrawCollection: number; round: { drawno: number } } }) => {
    if (!m.data) return;
    const now = performance.now();
    const { drawno } = m.data.round;
    for (let i = pending.length - 1; i >= 0; i--) {
      const p = pending[i]!;
      if (p.round === drawno && p.count <= m.data.totalDrawCollection) {
        latencies.push(now - p.at);
        pending.splice(i, 1);
      }
    }
  });
  return {
    latencies,
    /** Bets accepted that no push has counted yet. */
    unseen: () => pending.length,
    /** An accepted bet of `round`, answered at `at`. */
    accepted(round: number, at = performance.now()) {
      const count = (perRound.get(round) ?? 0) + 1;
      perRound.set(round, count);
      pending.push({ round, count, at });
    },
  };
}
