import type { Envelope } from '../../domain/api';
import { translate } from '../i18n/translate';

/** A failed call: the HTTP status and the server's envelope (message, field errors). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: Envelope | null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * A call that got no answer at all (offline, server down, connection reset). The browser's own
 * text ("Failed to fetch", "NetworkError when attempting…") is no message for an operator: the
 * "Something went wrong" text is, and each screen may say its own.
 */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super(translate('td.messages.somethingWrong'), { cause });
    this.name = 'NetworkError';
  }
}

/** A 200 answer whose envelope says `success: false`: the call was answered, and refused. */
export class Refused extends Error {
  constructor(readonly serverMessage?: string) {
    super(serverMessage || 'Refused');
    this.name = 'Refused';
  }
}

/** The envelope when it says success; a `Refused` otherwise. */
export function expectSuccess<T extends { success?: boolean; message?: string }>(json: T): T {
  if (json.success === false) throw new Refused(json.message);
  return json;
}
