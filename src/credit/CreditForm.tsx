import { useEffect } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useTranslate, Title } from 'react-admin';
import { useForm, Controller } from 'react-hook-form';
import { useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CreditKind, AdjustType } from '../../domain/creditValidation';
import { mintsPoints } from '../../resources.config';
import { formatPoints } from '../i18n/format';
import { currentSession } from '../auth/session';
import { FormFooter } from '../common/FormFooter';
import { Overlay } from '../common/Overlay';
import { useSuccessNotify } from '../common/useSuccessNotify';
import { useTimedMessage } from '../common/useTimedMessage';
import type { TierDataProvider } from '../dataProvider/dataProvider';
import { newIdempotencyKey } from '../dataProvider/idempotencyKey';
import { errorMessage } from '../tiers/errorMessage';
import { AccountMissing, useAccount } from '../tiers/useAccount';
import { tierLabelKey } from '../tiers/registry';
import { scopeMeta, type TierScope } from '../tiers/scope';
import { creditFormErrors, creditSubmitProblem } from './creditSubmit';
import { useOperatorCredit, useRefreshOperatorCredit } from './useOperatorCredit';

interface Values {
  amount: string;
  password: string;
  transactionType: AdjustType;
}
const EMPTY: Values = { amount: '', password: '', transactionType: 'credit' };

/** Messages on credit forms clear after 3 s (other forms: 2 s). */
export const CREDIT_MESSAGE_MS = 3000;

/** Credit Transfer and Credit Adjust of one account, for every tier and child route. */
export function CreditForm({ scope, kind }: { scope: TierScope; kind: CreditKind }) {
  const translate = useTranslate();
  const params = useParams();
  const targetId = (scope.parent ? params.childId : params.id) ?? '';
  const dataProvider = useDataProvider<TierDataProvider>();
  const { credit } = useOperatorCredit();
  const refreshCredit = useRefreshOperatorCredit();
  const target = useAccount(scope.tier, targetId, scopeMeta(scope));
  // A refusal stays in the form; the success is said in the notification.
  const { message, show, clear } = useTimedMessage(CREDIT_MESSAGE_MS);
  const success = useSuccessNotify(CREDIT_MESSAGE_MS);
  const { control, handleSubmit, reset, formState } = useForm<Values>({
    defaultValues: EMPTY,
    mode: 'onBlur',
    resolver: (values) => {
      const errs = creditFormErrors(kind, values);
      const errors = Object.fromEntries(Object.entries(errs).map(([k, key]) => [k, { type: 'validate', message: translate(key) }]));
      return { values: Object.keys(errs).length ? {} : values, errors };
    },
  });
  useEffect(() => reset(EMPTY), [targetId, reset]);

  const { tier } = scope;
  // The root adjusting its own wallet creates or destroys points rather than moving them.
  const minting = mintsPoints(tier.role) && targetId === currentSession()?.user._id;
  const title = translate(tierLabelKey(tier, kind === 'transfer' ? 'transfer' : 'adjust'), {
    _: kind === 'transfer' ? tier.labels.transfer : tier.labels.adjust,
  });

  const move = useMutation({
    mutationFn: async (values: Values) => {
      const session = currentSession()!;
      const p = {
        toUserId: targetId,
        userId: credit?._id ?? session.user._id,
        authUser: session.user._id,
        password: values.password,
        amount: Number(values.amount),
        parent: scopeMeta(scope)?.parent,
        // One key per submission: a retried request never moves points twice.
        idempotencyKey: newIdempotencyKey(),
      };
      if (kind === 'transfer') await dataProvider.creditTransfer(tier.role, p);
      else await dataProvider.creditAdjust(tier.role, { ...p, transactionType: values.transactionType });
    },
    onSuccess: () => {
      clear();
      success(translate(kind === 'transfer' ? 'td.credit.transferSuccess' : 'td.credit.adjustSuccess'));
    },
    onError: (err) => show(errorMessage(err, translate(kind === 'transfer' ? 'td.credit.transferError' : 'td.credit.adjustError')), 'error'),
    // Either way the form empties and both balances are read again (a refused move may still mean a stale balance).
    onSettled: () => {
      reset(EMPTY);
      refreshCredit();
      void target.refetch();
    },
  });

  const onSubmit = (values: Values) => {
    const problem = creditSubmitProblem(kind, !!currentSession(), values.amount, values.password);
    if (problem) return show(translate(problem), 'error');
    move.mutate(values);
  };

  // No form for an account that cannot be read: say so once.
  if (target.error || (!target.isPending && !target.data)) return <AccountMissing error={target.error} />;
  return (
    <Card sx={{ mt: 2, maxWidth: 560 }}>
      <Title title={title} />
      <CardContent component="form" onSubmit={handleSubmit(onSubmit)} noValidate>
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        <Typography data-testid="available-credit" sx={{ mb: 1 }}>
          {translate('td.credit.available')}: {formatPoints(credit?.walletBalance)}
        </Typography>
        {target.data && (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {translate('td.credit.account', { username: target.data.username, balance: formatPoints(target.data.walletBalance) })}
          </Typography>
        )}
        <Controller
          name="amount"
          control={control}
          render={({ field }) => (
            <TextField
              {...field}
              id="credit-amount"
              type="number"
              label={translate('td.credit.amount')}
              error={!!formState.errors.amount}
              helperText={formState.errors.amount?.message ?? ' '}
              fullWidth
              margin="dense"
              slotProps={{ htmlInput: { min: kind === 'adjust' ? 1 : 0, step: '0.01' } }}
            />
          )}
        />
        <Controller
          name="password"
          control={control}
          render={({ field }) => (
            <TextField
              {...field}
              id="credit-password"
              type="password"
              autoComplete="current-password"
              label={translate('td.credit.password')}
              error={!!formState.errors.password}
              helperText={formState.errors.password?.message ?? ' '}
              fullWidth
              margin="dense"
            />
          )}
        />
        {kind === 'adjust' && (
          <Controller
            name="transactionType"
            control={control}
            render={({ field }) => (
              <Box sx={{ mt: 1 }}>
                <FormLabel>{translate('td.credit.transactionType')}</FormLabel>
                <RadioGroup row {...field}>
                  <FormControlLabel value="credit" control={<Radio />} label={translate(minting ? 'td.credit.generate' : 'td.credit.credit')} />
                  <FormControlLabel value="debit" control={<Radio />} label={translate(minting ? 'td.credit.burn' : 'td.credit.debit')} />
                </RadioGroup>
                {!minting && (
                  <FormHelperText>
                    {translate(field.value === 'debit' ? 'td.credit.debitHelp' : 'td.credit.creditHelp', { username: target.data?.username ?? '' })}
                  </FormHelperText>
                )}
              </Box>
            )}
          />
        )}
        <FormFooter message={message} running={move.isPending} />
      </CardContent>
      <Overlay open={move.isPending} />
    </Card>
  );
}
