import { useCallback, useEffect, useRef, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { TierDataProvider } from '../../dataProvider/dataProvider';

/** 'mm:ss' → seconds (0 for anything else). */
export const secondsOf = (mmss: string): number => {
  const m = /^(\d+):(\d{2})$/.exec(mmss.trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : 0;
};
/** seconds → 'mm:ss'. */
export const mmss = (s: number): string => `${String(Math.floor(Math.max(s, 0) / 60)).padStart(2, '0')}:${String(Math.max(s, 0) % 60).padStart(2, '0')}`;

/**
 * The console countdown: loaded from `app/gettimer` as mm:ss, ticking every
 * second, loaded again at zero; it stops while the window is blurred and reloads on focus. A timer
 * event of the realtime feed resets it too.
 */
export function useCountdown(gameId: string, adminId: string, pushed: { time: string; at: number } | null) {
  const [seconds, setSeconds] = useState<number | null>(null);
  const [running, setRunning] = useState(true);
  // Read by the push effect without re-running it: a focus must not re-apply the last (stale) push.
  const runningRef = useRef(true);
  // Read by `load` without re-creating it: a new provider object must not reload the timer.
  const provider = useDataProvider<TierDataProvider>();
  const dataProvider = useRef(provider);
  dataProvider.current = provider;

  const load = useCallback(async () => {
    try {
      setSeconds(secondsOf(await dataProvider.current.getTimer({ gameId, adminId })));
    } catch (e) {
      // Timer fetch failures are only logged: the user is not told.
      console.error('gettimer failed', e);
    }
  }, [gameId, adminId]);

  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    // A blurred window's countdown stands still: pushed ticks wait for the focus reload.
    if (pushed && runningRef.current) setSeconds(secondsOf(pushed.time));
  }, [pushed]);
  useEffect(() => {
    const blur = () => {
      runningRef.current = false;
      setRunning(false);
    };
    const focus = () => {
      runningRef.current = true;
      setRunning(true);
      void load();
    };
    window.addEventListener('blur', blur);
    window.addEventListener('focus', focus);
    return () => {
      window.removeEventListener('blur', blur);
      window.removeEventListener('focus', focus);
    };
  }, [load]);
  useEffect(() => {
    if (!running || seconds === null) return;
    if (seconds <= 0) {
      void load();
      return;
    }
    const t = setTimeout(() => setSeconds((s) => (s === null ? s : s - 1)), 1000);
    return () => clearTimeout(t);
  }, [running, seconds, load]);

  return seconds === null ? '--:--' : mmss(seconds);
}
