import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type * as GameTable from '../../resources/games';
import { RAINBOW, withRainbowSeven } from '../fixtures/extraGame';

vi.mock('../../resources/games', async (importOriginal) => {
  const actual = await importOriginal<typeof GameTable>();
  return { ...actual, GAMES: withRainbowSeven(actual.GAMES) };
});

const { GAME_DECLARATIONS, OWN_CONSOLE_GAMES, PAGES, canOpenPage, gameDeclaration, optionLabel, resultLabel } = await import('../../resources.config');
const { consoleSections, decideRound, outcomeOfPick, outcomeOfPicks, payoutFor, pickTile, sourceFromUnit } = await import('../../domain/games');

describe('a registry with one more game: the rules come from its declaration', () => {
  const game = gameDeclaration(RAINBOW.gameId)!;

  it('is declared, with its outcomes, odds, labels and layout', () => {
    expect(GAME_DECLARATIONS.map((g) => g.gameId)).toHaveLength(8);
    expect(game.outcomes).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(game.winners('7')).toEqual(['7']);
    expect(payoutFor(game, new Map([['7', 200n], ['3', 100n]]), '7', 2)).toBe(2400n);
    expect([optionLabel(RAINBOW.gameId, '7'), resultLabel(RAINBOW.gameId, '1')]).toEqual(['Violet', 'Red']);
    expect(consoleSections(game).data).toHaveLength(7);
    expect(game.layout).toEqual({ kind: 'grid', columns: 7 });
  });

  it('the engine decides it within the budget; the console picks and SAVE read its rule', () => {
    const r = decideRound({ game, stakes: new Map([['7', 100n]]), poolBeforeCents: 1000n, winPercentage: 50, booster: 1, boosterSource: 'none', random: sourceFromUnit(() => 0.99) });
    expect(r.ties).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(outcomeOfPicks(game, pickTile(game, '5', {}))).toBe('5');
    expect(outcomeOfPick(game, { result: '8' })).toBeNull();
  });

  it('its own console is an admin page, reached by route only', () => {
    expect(OWN_CONSOLE_GAMES.map((g) => g.slug)).toEqual(['funtarget', 'funroullet', RAINBOW.slug]);
    expect(PAGES.find((p) => p.key === (RAINBOW.slug as string))).toMatchObject({ label: 'Rainbow Seven', menu: [] });
    expect([canOpenPage('admin', RAINBOW.slug), canOpenPage('superadmin', RAINBOW.slug)]).toEqual([true, false]);
  });
});

describe('no rule is chosen by testing a game’s id', () => {
  it('the rules, the console screens and the console service never compare a gameId with a literal or a declaration’s id', () => {
    const dirs = ['domain/games', 'src/games/console'];
    const files = [...dirs.flatMap((d) => readdirSync(d).map((f) => join(d, f))), 'server/games/console.service.ts'];
    const offenders = files.filter((f) => /===\s*\w+\.gameId|isAndhar|'(MNOQqWWi|vwRORrGO|zuuhVbBM|qZicXikM|qZicXikT|qZicXibb|acqOpdff)'/.test(readFileSync(f, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
