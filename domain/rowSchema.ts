import type { z } from 'zod';

/** The JSON a value becomes on the wire: a Date is its ISO string (the row types of domain/api.ts say so). */
export type Wire<T> = T extends Date ? string : T extends readonly (infer U)[] ? Wire<U>[] : T extends object ? { [K in keyof T]: Wire<T[K]> } : T;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * A row schema checked against its one type in domain/api.ts, both ways: a field added to, removed from or
 * retyped in only one of them fails the type check. (The serializer drops fields a schema lacks.)
 */
export const rowOf =
  <T>() =>
  <S extends z.ZodType>(schema: S & (Same<Wire<z.output<S>>, T> extends true ? unknown : { rowDiffersFrom: T })): S =>
    schema;
