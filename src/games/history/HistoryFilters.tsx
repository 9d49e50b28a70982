import type { ChangeEvent } from 'react';
import { DateField } from '../../common/DateField';
import { useTranslate } from 'react-admin';
import { FilterSelect } from '../../common/FilterSelect';
import { parseISO } from 'date-fns';
import { PERIOD_CODES, periodRange, type PeriodCode, type PeriodName, type Range } from '../../../domain/periods';
import type { GameOption } from './historyQueries';
import { UserPicker } from '../../common/UserPicker';
import { API_PATHS } from '../../../domain/apiPaths';

/** The bet list's range options in the spec's order (2.6); custom (8) has none on this screen. */
export const PERIOD_OPTIONS: readonly Exclude<PeriodName, 'custom'>[] = ['today', 'yesterday', 'currentWeek', 'lastWeek', 'lastMonth', 'currentMonth', 'lastSixMonths'];

/** The tickets' window: a period code, or a single date (YYYY-MM-DD) that wins over it while set. */
export interface HistoryWindow {
  code: PeriodCode;
  date: string;
  range: Range;
}

/** The window of a period code, its dates taken now. */
export const periodWindow = (code: PeriodCode, now = new Date()): HistoryWindow => ({ code, date: '', range: periodRange(code, now)! });

/**
 * The window of one picked calendar day (the browser's), as the custom range from that day to that
 * day. It is sent as startDate/endDate rather than `tdate`, which the server would read as a day of
 * its own time zone. An empty or unreadable date goes back to the period.
 */
export function dateWindow(code: PeriodCode, date: string, now = new Date()): HistoryWindow {
  const day = date ? parseISO(date) : null;
  const range = day ? periodRange(PERIOD_CODES.custom, now, { from: day, to: day }) : null;
  return range ? { code, date, range } : periodWindow(code, now);
}

export interface HistoryFilterValues {
  gameId: string;
  userId: string;
  window: HistoryWindow;
}


/** Select Game, Select User, Select Date Range and Select Date, for the screen frame's row of filters; every change is a new query. */
export function HistoryFilters({
  value,
  onChange,
  games,
  userQueryId,
}: {
  value: HistoryFilterValues;
  onChange: (v: HistoryFilterValues) => void;
  games: readonly GameOption[];
  /** The `id` the spec's history calls carry (the operator's). */
  userQueryId: string | undefined;
}) {
  const translate = useTranslate();
  const pick = (e: ChangeEvent<HTMLInputElement>) => e.target.value;
  return (
    <>
      <FilterSelect
        id="history-game"
        label={translate('td.gameHistory.selectGame')}
        value={value.gameId}
        options={[{ value: '', label: translate('td.gameHistory.allGames') }, ...games.map((g) => ({ value: g.gameId, label: g.gameName }))]}
        onChange={(gameId) => onChange({ ...value, gameId })}
      />
      <UserPicker
        id="history-user"
        label={translate('td.gameHistory.selectUser')}
        path={API_PATHS.historyUsers}
        query={{ id: userQueryId }}
        value={value.userId}
        emptyText={translate('td.gameHistory.allUsers')}
        onChange={(u) => onChange({ ...value, userId: u?._id ?? '' })}
      />
      <FilterSelect
        id="history-range"
        label={translate('td.gameHistory.selectDateRange')}
        value={String(value.window.code)}
        options={PERIOD_OPTIONS.map((name) => ({ value: String(PERIOD_CODES[name]), label: translate(`td.gameHistory.periods.${name}`) }))}
        // A range chosen here replaces a picked single date.
        onChange={(code) => onChange({ ...value, window: periodWindow(Number(code) as PeriodCode) })}
      />
      <DateField
        id="history-date"
        label={translate('td.gameHistory.selectDate')}
        value={value.window.date}
        onChange={(e: ChangeEvent<HTMLInputElement>) => onChange({ ...value, window: dateWindow(value.window.code, pick(e)) })}
       
        size="small"
      />
    </>
  );
}
