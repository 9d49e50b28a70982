import { useCallback, useEffect, useRef, useState } from 'react';

export interface TimedMessage {
  text: string;
  severity: 'success' | 'error' | 'info';
}

/** A message that clears itself after `ms` (2 s on forms, 3 s on credit forms, 1 s for login errors). */
export function useTimedMessage(ms: number) {
  const [message, setMessage] = useState<TimedMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = useCallback(
    (text: string, severity: TimedMessage['severity'], duration = ms) => {
      clearTimeout(timer.current);
      setMessage({ text, severity });
      timer.current = setTimeout(() => setMessage(null), duration);
    },
    [ms],
  );
  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setMessage(null);
  }, []);
  return { message, show, clear };
}
