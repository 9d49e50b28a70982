// The caller is part of the base module (server/access), which accounts and credit import without auth.
export type { Caller } from '../access/caller';
