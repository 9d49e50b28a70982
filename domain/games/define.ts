import { cardDraw } from './andharBahar';
import type { DrawOf } from './draw';
import { optionDraw } from './simple';
import { tripleDraw } from './tripleFun';
import type { DrawRule, GameDeclaration, GameDef } from './types';

const DRAWS: Record<DrawRule, DrawOf> = { option: optionDraw, card: cardDraw, triple: tripleDraw };

/** The declaration the engine, the console and the labels read, made from a registry entry. */
export function defineGame(def: GameDef): GameDeclaration {
  return {
    gameId: def.gameId,
    gameName: def.gameName,
    slug: def.slug,
    defaultTime: def.time,
    unitPriceCents: def.unitPriceCents ?? 100n,
    options: def.options,
    pick: def.pick,
    layout: def.layout,
    ownConsole: def.ownConsole === true,
    ...DRAWS[def.draw](def.options),
  };
}
