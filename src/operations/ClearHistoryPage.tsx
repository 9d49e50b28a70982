import { useState, type FormEvent } from 'react';
import { DateField } from '../common/DateField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import { FILTER_MIN_WIDTH, ScreenFrame } from '../common/ScreenFrame';
import { StepUpCancelled, useStepUp } from '../common/StepUp';
import type { TimedMessage } from '../common/useTimedMessage';
import type { TierDataProvider } from '../dataProvider/dataProvider';
import { queryKeys } from '../dataProvider/queryKeys';
import { failureText, marked } from './outcome';
import { checkClearHistory, HISTORY_MODELS, type ClearHistoryRequest, type HistoryModel } from './clearHistoryRules';

/**
 * `/{role}/clearhistory` (admin only): a start and an end date and the models to clear.
 * The server takes a backup first and deletes in one transaction; it asks for a password checked
 * in the last minutes, so the screen asks it (once) before the call.
 */
export function ClearHistoryPage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<TierDataProvider>();
  const client = useQueryClient();
  const { ensure, dialog } = useStepUp();
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const [models, setModels] = useState<HistoryModel[]>([]);
  const [outcome, setOutcome] = useState<TimedMessage | null>(null);
  const failed = translate('td.clearHistory.failed');
  // Said in the operator's language from the reply's counts and backup, not the server's English sentence.
  const clearedText = (json: Record<string, unknown>) =>
    typeof json.backup === 'string' && json.counts && typeof json.counts === 'object'
      ? translate('td.clearHistory.cleared', { total: Object.values(json.counts as Record<string, number>).reduce((a, b) => a + b, 0), backup: json.backup })
      : null;

  const clear = useMutation({
    mutationFn: async (body: ClearHistoryRequest) => {
      await ensure();
      return dataProvider.clearHistory(body);
    },
    onSuccess: (json) => {
      if (json.success === false) setOutcome({ text: json.message ? marked('❌', json.message) : failed, severity: 'error' });
      else setOutcome({ text: clearedText(json) ?? marked('✅', String(json.message ?? '')), severity: 'success' });
      // A backup was taken first: the Backups list has one more folder.
      return client.invalidateQueries({ queryKey: queryKeys.backupList() });
    },
    onError: (err) => {
      if (err instanceof StepUpCancelled) return;
      setOutcome({ text: failureText(err, failed), severity: 'error' });
    },
  });

  const toggle = (m: HistoryModel, on: boolean) => setModels((ms) => (on ? HISTORY_MODELS.filter((x) => x === m || ms.includes(x)) : ms.filter((x) => x !== m)));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (clear.isPending) return;
    const body: ClearHistoryRequest = { startDate, endDate, models };
    const problem = checkClearHistory(body);
    if (problem) return setOutcome({ text: translate(problem), severity: 'error' });
    setOutcome(null);
    clear.mutate(body);
  };

  const title = translate('td.clearHistory.title');
  const date = (label: string, value: string, set: (v: string) => void) => (
    // Not react-admin's full width: the two dates share a row, as the list screens' filters do.
    <DateField size="small" fullWidth={false} sx={{ minWidth: FILTER_MIN_WIDTH }} label={translate(label)} value={value} onChange={(e) => set(e.target.value)} />
  );
  return (
    <ScreenFrame title={title}>
      {dialog}
      <Box component="form" onSubmit={onSubmit} noValidate>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate('td.clearHistory.note')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
          {date('td.clearHistory.startDate', startDate, setStartDate)}
          {date('td.clearHistory.endDate', endDate, setEndDate)}
        </Box>
        <FormLabel component="legend">{translate('td.clearHistory.models')}</FormLabel>
        <FormGroup sx={{ mb: 2 }}>
          {HISTORY_MODELS.map((m) => (
            <FormControlLabel
              key={m}
              control={<Checkbox name={m} checked={models.includes(m)} onChange={(e) => toggle(m, e.target.checked)} />}
              label={translate(`td.clearHistory.model.${m}`)}
            />
          ))}
        </FormGroup>
        {outcome && (
          <Alert severity={outcome.severity} sx={{ mb: 2 }}>
            {outcome.text}
          </Alert>
        )}
        <Button type="submit" variant="contained" color="error" disabled={clear.isPending}>
          {translate(clear.isPending ? 'td.clearHistory.clearing' : 'td.clearHistory.submit')}
        </Button>
      </Box>
    </ScreenFrame>
  );
}
