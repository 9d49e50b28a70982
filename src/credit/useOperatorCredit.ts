import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useGetIdentity } from 'react-admin';
import { useCallback } from 'react';
import type { TierDataProvider } from '../dataProvider/dataProvider';
import { queryKeys } from '../dataProvider/queryKeys';

/** The logged-in operator's own wallet (GET credit/loadcredit), shared by the top bar and the credit forms. */
export function useOperatorCredit() {
  const dataProvider = useDataProvider<TierDataProvider>();
  const { identity } = useGetIdentity();
  const id = identity?.id;
  const query = useQuery({
    queryKey: queryKeys.operatorCredit(id),
    queryFn: () => dataProvider.loadCredit({ id: id as string }),
    enabled: id !== undefined,
  });
  return { credit: query.data?.data ?? null, isPending: query.isPending, refetch: query.refetch };
}

/** After a credit operation: the wallet shown everywhere is fetched again. */
export function useRefreshOperatorCredit() {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: queryKeys.operatorCredits() }), [client]);
}
