import type { accounts } from '../db/schema';

/** `firstName` → `first_name`: the column name a raw SQL row carries for a Drizzle field. */
type Snake<S extends string> = S extends `${infer H}${infer T}` ? `${H extends Lowercase<H> ? H : `_${Lowercase<H>}`}${Snake<T>}` : S;
type SnakeKeys<T> = { [K in keyof T & string as Snake<K>]: T[K] };

/** An `accounts` row as raw SQL returns it, typed from the Drizzle schema (one source for column names and types). */
export type AccountTableRow = SnakeKeys<typeof accounts.$inferSelect>;
/** Values an insert or update of `accounts` may set, by column name. */
export type AccountTableInsert = SnakeKeys<typeof accounts.$inferInsert>;
