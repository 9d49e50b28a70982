import { catalogueGameDef, type CatalogueGame } from './catalogueGame';
import { defineGame } from './define';
import { optionLabelOf, resultLabelOf } from './labels';
import type { GameDeclaration, GameDef } from './types';

/**
 * The games of a registry (resources/games.ts) as the engine and the consoles read them, with the
 * look-ups by gameId. Built from the table it is given, like the hierarchy rules: the registry binds
 * it to its own table (resources.config.ts).
 */
export function createGameCatalogue(defs: readonly GameDef[]) {
  const declarations: readonly GameDeclaration[] = defs.map(defineGame);
  const byId = new Map(declarations.map((g) => [g.gameId, g]));
  /** The declaration of a gameId, or undefined for a game the product has no console for. */
  const gameDeclaration = (gameId: string): GameDeclaration | undefined => byId.get(gameId);
  // Built once per row content: a bet or a settlement asks for it every time, and an edit of the
  // row (name, multiplier, images) gives another key, so a stale declaration is never served.
  const fromRows = new Map<string, GameDeclaration>();
  /**
   * The declaration of a catalogue row: the registry's when it declares the gameId, else the
   * pick-one game the row describes (a game made in Game Master). The one look-up of the engine,
   * the bets, the consoles and the labels wherever they hold the row.
   */
  const declarationOf = (row: CatalogueGame): GameDeclaration => {
    const declared = byId.get(row.gameId);
    if (declared) return declared;
    const key = JSON.stringify([row.gameId, row.gameName, row.nodigit, row.timeSeconds, row.oddsX100, row.label, row.images]);
    let made = fromRows.get(key);
    if (!made) {
      if (fromRows.size >= 1000) fromRows.clear();
      made = defineGame(catalogueGameDef(row));
      fromRows.set(key, made);
    }
    return made;
  };
  return {
    declarations,
    gameDeclaration,
    declarationOf,
    /** The games with a fixed console route of the admin's own. */
    ownConsoles: declarations.filter((g) => g.ownConsole),
    optionLabel: (gameId: string, key: string): string => optionLabelOf(gameDeclaration(gameId), key),
    resultLabel: (gameId: string, outcome: string | null): string | null => resultLabelOf(gameDeclaration(gameId), outcome),
  };
}
