import type { TranslateFunction } from 'react-admin';
import { renderOutcome, renderSubject, type ActivityWords } from '../../domain/activity';
import type { LogRow } from '../../domain/api';

/** The activity texts in the reader's language (the catalogue's td.activity.*, a tier's name, a message by code). */
export const activityWords = (translate: TranslateFunction): ActivityWords => ({
  subject: (code) => translate(`td.activity.subject.${code}`),
  outcome: (key) => translate(`td.activity.outcome.${key}`),
  tier: (role) => translate(`td.tier.${role}.singular`),
  message: (code, params) => translate(`td.errors.${code}`, params),
});

type Row = Pick<LogRow, 'code' | 'params' | 'subject' | 'outcome'>;

export const subjectText = (r: Row, w: ActivityWords): string => renderSubject(r.code ? { code: r.code, params: r.params ?? undefined } : null, r.subject, w);

export const outcomeText = (r: Row, w: ActivityWords): string => renderOutcome(r.outcome, w);
