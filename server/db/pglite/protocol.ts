/** Messages between the HTTP thread and the thread that owns the embedded database. */
export type Request =
  | { op: 'open'; dataDir?: string | undefined; load?: ArrayBuffer | undefined }
  | { op: 'query'; text: string; params: unknown[]; tx?: number | undefined }
  /** A COPY … FROM '/dev/blob' inside a transaction, `blob` its data; answers the rows copied. */
  | { op: 'copy'; text: string; tx: number; blob: ArrayBuffer }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'migrate'; folder: string }
  | { op: 'close' };

export type Envelope = { id: number } & Request;

/** A database error's fields (code, constraint, detail…) survive the thread boundary as plain data. */
export type ErrorData = { message: string } & Record<string, unknown>;

export type Reply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: ErrorData };
