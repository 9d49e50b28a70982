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
  return {
    declarations,
    gameDeclaration,
    /** The games with a fixed console route of the admin's own. */
    ownConsoles: declarations.filter((g) => g.ownConsole),
    optionLabel: (gameId: string, key: string): string => optionLabelOf(gameDeclaration(gameId), key),
    resultLabel: (gameId: string, outcome: string | null): string | null => resultLabelOf(gameDeclaration(gameId), outcome),
  };
}
