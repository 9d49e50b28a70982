/**
 * The model names POST backup/deleterecords accepts (the earlier product's collection names), in the order of
 * the server's map of what each clears (server/operations/clearHistory.ts HISTORY_MODELS).
 */
export const HISTORY_MODELS = ['ticket', 'draw', 'result', 'upcome', 'commission', 'refertransaction', 'usertransaction', 'userlog', 'frequency', 'counter', 'user'] as const;
export type HistoryModel = (typeof HISTORY_MODELS)[number];

export interface ClearHistoryRequest {
  /** Calendar days, YYYY-MM-DD, both included. */
  startDate: string;
  endDate: string;
  models: HistoryModel[];
}

/** Both dates are required, then at least one model; the key of the alert, or null when it may be sent. */
export function checkClearHistory(r: ClearHistoryRequest): 'td.clearHistory.selectDates' | 'td.clearHistory.selectModel' | null {
  if (!r.startDate || !r.endDate) return 'td.clearHistory.selectDates';
  if (r.models.length === 0) return 'td.clearHistory.selectModel';
  return null;
}
