/**
 * The spec's error rule (section 8): the server's message, else the thrown error's, else the
 * screen's default.
 */
export function errorMessage(err: unknown, fallback: string): string {
  if (err && typeof err === 'object') {
    const body = (err as { body?: { message?: unknown } }).body;
    if (body && typeof body.message === 'string' && body.message) return body.message;
    const message = (err as { message?: unknown }).message;
    if (typeof message === 'string' && message) return message;
  }
  return fallback;
}
