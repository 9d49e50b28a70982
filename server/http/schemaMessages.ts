import type { FieldError } from '../../domain/api';
import { isMessageCode, msg, type CodedMessage, type MessageCode, type MessageParams } from '../../domain/messages';
import { DATE_YEARS } from '../../domain/periods';

/**
 * A route schema's message as a code: zod carries only a string per issue, so a body schema's
 * message is this key (the code and its params), and the error handler answers the coded message
 * it names (`fromSchemaMessage`). The English text stays in domain/messages.ts, nowhere else.
 */
const KEY = 'td-message:';

export const schemaMessage = (code: MessageCode, params: MessageParams = {}): string => `${KEY}${JSON.stringify([code, params])}`;

/** The coded message a schema's key names; null for any other text (zod's own, or a key of no known code). */
export function fromSchemaMessage(text: string | undefined): CodedMessage | null {
  if (!text?.startsWith(KEY)) return null;
  try {
    const [code, params] = JSON.parse(text.slice(KEY.length)) as [unknown, MessageParams];
    return isMessageCode(code) ? msg(code, params) : null;
  } catch {
    return null;
  }
}

/**
 * One refusal of a route schema in the API's words. A body that is no object is said so; a date
 * names its range; query and path values all answer badParameter; a body field's message is the
 * code its schema carries, or a form's own wording as written.
 */
export function schemaError(context: string | undefined, field: string, zodMessage: string | undefined): FieldError {
  if (context === 'body' && field === '') return { field, ...msg('bodyNotObject') };
  if ((context === 'querystring' || context === 'body') && zodMessage === 'badDate') return { field, ...msg('badDate', { name: field, min: DATE_YEARS.min, max: DATE_YEARS.max }) };
  if (context === 'querystring' || context === 'params') return { field, ...msg('badParameter', { name: field }) };
  const coded = fromSchemaMessage(zodMessage);
  return coded ? { field, ...coded } : { field, message: zodMessage ?? 'Invalid input' };
}
