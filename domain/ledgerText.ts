import { matchCatalogue } from './templates';

/**
 * The texts the ledger stores with each movement (`move()`'s callers, the transfer and bet
 * functions), by code: the English as stored. They stay stored in English and are read back through
 * these templates into a code and parameters (old rows and new alike, no migration), then shown in
 * the reader's language (the catalogue's td.ledger.*). A text no template matches shows as stored.
 */
export const LEDGER_TEXTS = {
  transfer: 'Transfer of %{amount} to %{username}',
  generated: 'Generated %{amount}',
  burned: 'Burned %{amount}',
  tookBack: 'Took back %{amount} from %{username}',
  gave: 'Gave %{amount} to %{username}',
  commission: 'Commission %{from}..%{to}',
  win: 'Win on %{game} ticket %{ticket}',
  addBalance: 'Add Balance %{game}',
  resetBalance: 'Reset Balance %{game} at %{time}',
  bet: 'Bet on %{game} #%{draw}',
  carried: 'Carried forward: %{model} %{from}..%{to}',
} as const;

export type LedgerCode = keyof typeof LEDGER_TEXTS;

/** The name a game pool goes by (domain/games/labels.ts poolDisplayName writes it). */
export const POOL_NAME = '%{game} pool · %{admin}';

export const parseLedgerText = (text: string) => matchCatalogue<LedgerCode>(LEDGER_TEXTS, text);
