import { isMessageCode, msg, type CodedMessage, type MessageCode, type MessageParams } from '../../domain/messages';

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
