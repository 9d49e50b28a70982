import { ApiError, Refused } from '../dataProvider/errors';

// Where the screens have always found them: the refusal of an answered call and its check.
export { Refused, expectSuccess } from '../dataProvider/errors';

/** The message the server gave for a failed call (in the client's texts), if it gave one. */
export function serverMessage(err: unknown): string | undefined {
  if (err instanceof ApiError) return err.body?.message ? err.message : undefined;
  if (err instanceof Refused) return err.serverMessage || undefined;
  return undefined;
}

/** `text` with the ✅ / ❌ mark in front, once. */
export const marked = (mark: '✅' | '❌', text: string): string => (text.startsWith(mark) ? text : `${mark} ${text}`);

/**
 * The operations screens' failure text: the server's message (marked ❌) when it gave one;
 * else `failed` when the server answered, and `requestFailed` when no answer came at all.
 */
export function failureText(err: unknown, failed: string, requestFailed = failed): string {
  const m = serverMessage(err);
  if (m) return marked('❌', m);
  return err instanceof ApiError || err instanceof Refused ? failed : requestFailed;
}

/** A refusal (4xx) is shown at once; a network or server failure is tried once more. */
export const retryUnlessRefused = (failures: number, err: Error): boolean => !(err instanceof ApiError && err.status < 500) && failures < 1;
