import { useGetOne, useTranslate } from 'react-admin';
import Alert from '@mui/material/Alert';
import type { TierDef } from '../../resources.config';
import type { AccountRow } from '../dataProvider/dataProvider';
import { ApiError } from '../dataProvider/errors';
import { errorMessage } from './errorMessage';

/**
 * The account a details, edit or credit page is about: one request, no retry (an unknown id stays
 * unknown; react-query would otherwise ask three more times).
 */
export const useAccount = (tier: TierDef, id: string, meta?: unknown) =>
  useGetOne<AccountRow>(tier.role, { id, meta }, { enabled: !!id, retry: false });

/** What such a page shows instead of itself when its account cannot be read. */
export function AccountMissing({ error }: { error: unknown }) {
  const translate = useTranslate();
  const status = error instanceof ApiError ? error.status : (error as { status?: number } | null)?.status;
  const text = status === 404 || !error ? translate('td.errors.accountNotFound', { _: 'Account not found.' }) : errorMessage(error, translate('td.messages.somethingWrong'));
  return (
    <Alert severity="error" sx={{ mt: 2 }}>
      {text}
    </Alert>
  );
}
