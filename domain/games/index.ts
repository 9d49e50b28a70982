export type { BetOption, ConsolePick, GameDeclaration } from './types';
export { GAME_DECLARATIONS, TITLI_PICTURES, gameDeclaration } from './catalogue';
export { SIDES, SUITS, sideOf } from './andharBahar';
export { oddsOf, payoutFor, stakesOf, winCents, type Stakes } from './payout';
export { BOOSTERS, drawGap, nextBooster, type Booster, type BoosterSource, type BoosterState } from './booster';
export { budgetOf, decideRound, replayDecision, type DecisionInput, type DecisionRecord } from './decide';
export { outcomeOfPick } from './pick';
export { countdown, roundWindow, type RoundWindow } from './clock';
export { outcomeOfPicks, pickTile, tilePicked, type TilePicks } from './consoleTile';
