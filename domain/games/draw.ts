import type { BetOption, GameDeclaration } from './types';

/** What a draw rule makes of a game's options: its outcomes, what each pays, how each reads. */
export type DrawOf = (options: readonly BetOption[]) => Pick<GameDeclaration, 'outcomes' | 'winners' | 'describe'>;
