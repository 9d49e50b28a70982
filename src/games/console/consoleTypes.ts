import type { CatalogueGame } from '../../../domain/games';

/** The console data of `live/loadgame` and `responseData` (built by server/games/console.service.ts). */
export interface ConsoleItem {
  drawno: string;
  label: string;
  sum: number;
  color?: 'red' | 'black' | 'green';
  image?: string;
}

/** A finished round; a voided one (not settled in time, every stake refunded) has no result. */
export interface ConsoleResult {
  roundId: string;
  /** The winning option (the round's number is `roundNo`). */
  drawno: string | null;
  /** The round's number. */
  roundNo: number;
  result: string | null;
  label: string | null;
  booster: number | null;
  refunded?: boolean;
}

export interface ConsoleData {
  gameId: string;
  gameName: string;
  /** The game's catalogue row: the console of a game made in Game Master is built from it. */
  catalogue: CatalogueGame;
  data: ConsoleItem[];
  dataColors: ConsoleItem[];
  dataCardTypes: ConsoleItem[];
  totalDrawCollection: number;
  collections: { totalPlaypoints: number; totalWinpoints: number };
  percentageData: { gameBalance: number; winpercentage: number }[];
  lastData: { data: ConsoleResult[] };
  round: { drawno: number; closesAt: string; time: string };
}

/** A settled round's decision record (`live/decision/{roundId}`). */
export interface RoundDecision {
  roundId: string;
  drawno: number;
  gameId: string;
  result: string | null;
  booster: number | null;
  refunded?: boolean;
  settledAt: string;
  decision: Record<string, unknown>;
}
