import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { io } from 'socket.io-client';
import { getToken } from '../auth/session';
import { queryKeys } from '../dataProvider/queryKeys';

/**
 * One socket per back office: when the server says this operator's wallet moved (a transfer
 * by someone above, a take-back…), the wallet shown in the top bar and the credit forms refetches.
 */
export function useLiveWallet(): void {
  const client = useQueryClient();
  useEffect(() => {
    const token = getToken();
    if (!token) return;
    const socket = io({ path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: true });
    socket.on('wallet', () => void client.invalidateQueries({ queryKey: queryKeys.operatorCredits() }));
    return () => {
      socket.close();
    };
  }, [client]);
}
