import { useEffect, useRef, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import { getToken } from '../../auth/session';
import { translate, translateMessage } from '../../i18n/translate';
import type { ConsoleData } from './consoleTypes';

/** The console asks 300 ms after the admin or game changes: a quick switch is one request. */
export const CONSOLE_DEBOUNCE_MS = 300;

/**
 * The console's realtime feed (websocket only, reconnecting): `gameData` once per (admin, game) and per
 * (re)connection, then the server pushes `responseData` whenever the figures change (a bet, a
 * settlement, a balance); `timerData` → `timer` events of this game only. Websocket only,
 * reconnecting, the session token in the handshake.
 */
export function useConsoleFeed(adminId: string, gameId: string) {
  const [data, setData] = useState<ConsoleData | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The server's refusal of this console (not the caller's admin, no such admin): the whole answer.
  const [refused, setRefused] = useState<string | null>(null);
  const [serverTime, setServerTime] = useState<{ time: string; at: number } | null>(null);
  const socketRef = useRef<Socket | null>(null);
  const ask = useRef<() => void>(() => undefined);

  useEffect(() => {
    setData(null);
    setError(null);
    setRefused(null);
    const socket = io({ path: '/socket.io', auth: { token: getToken() }, transports: ['websocket'], reconnection: true, timeout: 10_000 });
    socketRef.current = socket;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const request = () => {
      clearTimeout(timer);
      timer = setTimeout(() => socket.emit('gameData', { adminId, gameId }), CONSOLE_DEBOUNCE_MS);
    };
    ask.current = request;
    socket.on('connect', () => {
      request();
      socket.emit('timerData', { adminId, gameId });
    });
    socket.on('responseData', (msg: { adminId?: string; gameId?: string; data?: ConsoleData }) => {
      if (msg.gameId === gameId && String(msg.adminId) === adminId && msg.data) {
        setData(msg.data);
        setError(null);
        setRefused(null);
      }
    });
    socket.on('responseError', (msg: { message?: string }) => {
      const text = msg?.message || translate('td.messages.somethingWrong');
      setError(text);
      setRefused(text);
    });
    // The server's budget dropped some of this socket's events (tooManyEvents): the console stays, told why.
    socket.on('error', (msg: { message?: string; code?: string; params?: Record<string, string | number> }) =>
      setError(msg?.message ? translateMessage({ ...msg, message: msg.message }) : translate('td.messages.somethingWrong')),
    );
    socket.on('timer', (msg: { gameId?: string; time?: string }) => {
      if (msg.gameId === gameId && typeof msg.time === 'string') setServerTime({ time: msg.time, at: Date.now() });
    });
    socket.on('connect_error', () => setError('Realtime connection lost; retrying…'));
    return () => {
      clearTimeout(timer);
      socket.close();
      socketRef.current = null;
    };
  }, [adminId, gameId]);

  return { data, error, refused, serverTime, refresh: () => ask.current() };
}
