import { randomInt } from 'node:crypto';
import { GAME_DECLARATIONS, GAMES, gameDeclaration } from '../../resources.config';
import {
  budgetOf,
  decideRound,
  drawGap,
  nextBooster,
  outcomeOfPick,
  payoutFor,
  replayDecision,
  stakesOf,
  winCents,
  sourceFromUnit,
  type BoosterState,
  type GameDeclaration,
  type RandomSource,
} from '../../domain/games';

const game = (id: string): GameDeclaration => {
  const g = gameDeclaration(id);
  if (!g) throw new Error(`no declaration for ${id}`);
  return g;
};
const FUN_TARGET = game('MNOQqWWi');
const ROULLET = game('vwRORrGO');
const TRIPLE = game('zuuhVbBM');
const ANDHAR = game('qZicXikM');
const stakes = (entries: Record<string, number>) => new Map(Object.entries(entries).map(([k, v]) => [k, BigInt(v)]));
/** A cryptographic source, as the engine's, through the same interface. */
const osLike: RandomSource = { int: (n) => randomInt(n), unit: () => randomInt(2 ** 47) / 2 ** 47 };
/** A source whose every draw is `i`. */
const drawing = (i: number): RandomSource => ({ int: () => i, unit: () => 0 });
/** A seeded generator so a failing case can be reproduced. */
const seeded = (seed: number) => sourceFromUnit(() => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31));

describe('game declarations', () => {
  it('declare exactly the seeded games of the registry, with as many draw options as digits', () => {
    expect(GAME_DECLARATIONS.map((g) => g.gameId).sort()).toEqual(GAMES.map((g) => g.gameId).sort());
    for (const seeded of GAMES) {
      const g = game(seeded.gameId);
      expect(g.gameName).toBe(seeded.gameName);
      expect(g.defaultTime).toBe(seeded.time);
      // Andhar Bahar's digits are its 13 cards; every other game draws one of `nodigit` outcomes.
      const draws = g.gameId === ANDHAR.gameId ? g.options.filter((o) => o.group === 'card').length : g.outcomes.length;
      expect(draws, g.gameName).toBe(seeded.nodigit);
    }
  });

  it('keep option keys unique and every winner a declared option', () => {
    for (const g of GAME_DECLARATIONS) {
      const keys = new Set(g.options.map((o) => o.key));
      expect(keys.size, g.gameName).toBe(g.options.length);
      for (const o of g.outcomes) for (const w of g.winners(o)) expect(keys.has(w), `${g.gameName} ${o}→${w}`).toBe(true);
    }
  });

  it('colour Fun Roullet red, black and green as the wheel', () => {
    const count = (c: string) => ROULLET.options.filter((o) => o.color === c).length;
    expect([count('red'), count('black'), count('green')]).toEqual([18, 18, 2]);
    expect(ROULLET.options.find((o) => o.key === '00')?.color).toBe('green');
    expect(ROULLET.options.find((o) => o.key === '19')?.color).toBe('red');
    expect(ROULLET.options.find((o) => o.key === '20')?.color).toBe('black');
  });
});

describe('payouts', () => {
  it('round half-up to the cent, the one rule for fractional odds', () => {
    expect(winCents(1n, 395, 1)).toBe(4n); // 3.95 cents
    expect(winCents(10n, 195, 1)).toBe(20n); // 19.5 cents
    expect(winCents(3n, 195, 1)).toBe(6n); // 5.85 cents
    expect(winCents(1n, 195, 1)).toBe(2n); // 1.95 cents
    expect(winCents(100n, 395, 2)).toBe(790n);
  });

  it('pay each game its odds, times the booster', () => {
    expect(payoutFor(FUN_TARGET, stakes({ 7: 100, 3: 500 }), '7', 1)).toBe(900n);
    expect(payoutFor(FUN_TARGET, stakes({ 7: 100 }), '7', 2)).toBe(1800n);
    expect(payoutFor(ROULLET, stakes({ '00': 100 }), '00', 1)).toBe(3600n);
    expect(payoutFor(game('qZicXikT'), stakes({ 5: 100 }), '5', 1)).toBe(1100n);
    expect(payoutFor(game('qZicXibb'), stakes({ 25: 100 }), '25', 1)).toBe(2400n);
    expect(payoutFor(game('acqOpdff'), stakes({ 0: 100 }), '0', 1)).toBe(900n);
  });

  it('pay Triple Fun single, jodi and patti on one draw', () => {
    const s = stakes({ 'single:5': 100, 'jodi:45': 100, 'patti:345': 100, 'patti:346': 100 });
    expect(payoutFor(TRIPLE, s, '345', 1)).toBe(900n + 9000n + 90000n);
    expect(payoutFor(TRIPLE, s, '945', 1)).toBe(900n + 9000n);
    expect(payoutFor(TRIPLE, s, '005', 1)).toBe(900n);
  });

  it('pay Andhar Bahar card, suit and side, and no side on a 7', () => {
    const s = stakes({ 'card:12': 100, 'suit:heart': 100, 'side:bahar': 100, 'side:andar': 100, 'card:7': 100 });
    expect(payoutFor(ANDHAR, s, '12:heart', 1)).toBe(1200n + 395n + 195n);
    expect(payoutFor(ANDHAR, s, '7:heart', 1)).toBe(1200n + 395n);
    expect(payoutFor(ANDHAR, s, '2:spade', 1)).toBe(195n);
    expect(ANDHAR.describe('12:heart')).toBe('Q♥');
  });

  it('sum ticket lines per option', () => {
    const s = stakesOf([
      { option: '1', stakeCents: 100n },
      { option: '1', stakeCents: 250n },
      { option: '2', stakeCents: 100n },
    ]);
    expect([...s]).toEqual([['1', 350n], ['2', 100n]]);
  });
});

describe('the automatic choice', () => {
  it('takes the budget as pool × winpercentage / 100, rounded down', () => {
    expect(budgetOf(10_000n, 50)).toBe(5_000n);
    expect(budgetOf(999n, 33)).toBe(329n);
    expect(budgetOf(-5n, 90)).toBe(0n);
  });

  it('draws among every outcome the budget can pay, never the largest payout by rule', () => {
    // Stakes 1 point on 1, 2 on 2, 3 on 3: payouts 9, 18, 27 points; budget 20 points. 3 is out;
    // 0, 1, 2 and 4–9 are in, and the draw (not the stakes) picks among them.
    const base = {
      game: FUN_TARGET, stakes: stakes({ 1: 100, 2: 200, 3: 300 }), poolBeforeCents: 4000n, winPercentage: 50,
      booster: 1 as const, boosterSource: 'none' as const,
    };
    const r = decideRound({ ...base, random: drawing(0) });
    expect(r.reason).toBe('within-budget');
    expect(r.ties).toEqual(['0', '1', '2', '4', '5', '6', '7', '8', '9']);
    expect(r.payouts).toEqual({ 1: '900', 2: '1800', 3: '2700' });
    expect([r.chosen, r.draw]).toEqual(['0', 0]);
    expect(decideRound({ ...base, random: drawing(2) }).chosen).toBe('2');
    expect(decideRound({ ...base, random: { int: (n) => n - 1, unit: () => 0 } }).chosen).toBe('9');
  });

  it('gives a lone bettor the fair odds over 10,000 rounds and never pays beyond the budget', () => {
    // A cryptographic generator, as the engine uses. Over n rounds a win rate p has σ = √(p(1−p)/n).
    const random = osLike;
    const n = 10_000;
    for (const [g, option, p, odds] of [
      [FUN_TARGET, '7', 1 / 10, 9],
      [ROULLET, '17', 1 / 38, 36],
      [ANDHAR, 'side:andar', 6 / 13, 1.95],
    ] as const) {
      let pool = 1_000_000_000n; // 10 million points: the budget always covers the one stake
      let wins = 0;
      let returned = 0n;
      const stake = 10_000n;
      for (let i = 0; i < n; i++) {
        pool += stake;
        const s = stakes({ [option]: Number(stake) });
        const r = decideRound({ game: g, stakes: s, poolBeforeCents: pool, winPercentage: 50, booster: 1, boosterSource: 'none', random });
        const paid = payoutFor(g, s, r.chosen, 1);
        expect(paid <= budgetOf(pool, 50)).toBe(true);
        if (paid > 0n) wins++;
        returned += paid;
        pool -= paid;
      }
      const sigma = Math.sqrt((p * (1 - p)) / n);
      expect(Math.abs(wins / n - p), `${g.gameName} win rate ${wins / n} vs ${p}`).toBeLessThan(3 * sigma);
      // Return to players = win rate × odds: its σ is the win rate's σ × odds.
      const rtp = Number(returned) / Number(stake * BigInt(n));
      expect(Math.abs(rtp - p * odds), `${g.gameName} RTP ${rtp} vs ${p * odds}`).toBeLessThan(3 * sigma * odds);
      expect(p * odds).toBeLessThan(1); // the odds keep the house edge
    }
    // 30,000 decisions: ~4 s alone, more beside a busy suite; the budget is for a loaded machine.
  }, 60_000);

  it('leaves out what the budget cannot pay: a lone bettor over budget never wins', () => {
    let pool = 10_000n;
    for (let i = 0; i < 200; i++) {
      // 20 points on 7 pays 180; the budget is 50 % of 100 points.
      const r = decideRound({ game: FUN_TARGET, stakes: stakes({ 7: 2000 }), poolBeforeCents: pool, winPercentage: 50, booster: 1, boosterSource: 'none', random: osLike });
      expect(r.chosen).not.toBe('7');
      expect(r.ties).toHaveLength(9);
      pool += 1n;
    }
  });

  it('draws at random among ties and records the draw', () => {
    // Nothing staked on 4..9 and 0: seven outcomes pay 0 and the budget is 0.
    const base = { game: FUN_TARGET, stakes: stakes({ 1: 100, 2: 100, 3: 100 }), poolBeforeCents: 300n, winPercentage: 0, booster: 1 as const, boosterSource: 'none' as const };
    const low = decideRound({ ...base, random: sourceFromUnit(() => 0) });
    const high = decideRound({ ...base, random: sourceFromUnit(() => 0.999) });
    expect(low.ties).toEqual(['0', '4', '5', '6', '7', '8', '9']);
    expect([low.chosen, low.draw]).toEqual(['0', 0]);
    expect([high.chosen, high.draw]).toEqual(['9', 6]);
  });

  it('pays the smallest payout when every outcome is over budget', () => {
    const all = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [String(i), 100 + i]));
    const r = decideRound({ game: FUN_TARGET, stakes: stakes(all), poolBeforeCents: 1000n, winPercentage: 10, booster: 1, boosterSource: 'none', random: sourceFromUnit(() => 0.5) });
    expect(r.reason).toBe('over-budget-smallest');
    expect(r.chosen).toBe('0');
  });

  it('lets a queued console result win and says who forced it', () => {
    const r = decideRound({ game: FUN_TARGET, stakes: stakes({ 3: 100 }), poolBeforeCents: 0n, winPercentage: 0, booster: 2, boosterSource: 'console', forced: { outcome: '3', by: 'AD0001' }, random: drawing(0) });
    expect([r.reason, r.chosen, r.forcedBy, r.booster, r.boosterSource]).toEqual(['forced', '3', 'AD0001', 2, 'console']);
    expect(r.payouts['3']).toBe('1800');
  });

  it('replays a recorded decision to the same result, and notices tampered stakes', () => {
    const random = seeded(42);
    for (const g of GAME_DECLARATIONS) {
      const s = new Map<string, bigint>();
      for (const o of g.options) if (random.unit() < 0.3) s.set(o.key, BigInt(1 + Math.floor(random.unit() * 5000)));
      const record = decideRound({ game: g, stakes: s, poolBeforeCents: 200_000n, winPercentage: 1 + Math.floor(random.unit() * 99), booster: 1, boosterSource: 'none', random });
      expect(replayDecision(g, s, JSON.parse(JSON.stringify(record))), g.gameName).toEqual([]);
      const tampered = new Map(s);
      tampered.set(g.options[0].key, (s.get(g.options[0].key) ?? 0n) + 100_000n);
      expect(replayDecision(g, tampered, record).length, g.gameName).toBeGreaterThan(0);
    }
  });
});

describe('boosters', () => {
  it('draw the automatic gap between 20 and 30 rounds', () => {
    const random = seeded(7);
    const gaps = new Set(Array.from({ length: 500 }, () => drawGap(random)));
    expect(Math.min(...gaps)).toBe(20);
    expect(Math.max(...gaps)).toBe(30);
  });

  it('come from the console when forced and from the schedule every 20–30 rounds', () => {
    const random = seeded(3);
    let state: BoosterState = { roundsSinceBoost: 0, nextGap: drawGap(random) };
    const automatic: number[] = [];
    for (let round = 1; round <= 200; round++) {
      const next = nextBooster(state, null, random);
      if (next.booster === 2) {
        expect(next.source).toBe('schedule');
        automatic.push(round);
      }
      state = next.state;
    }
    const gaps = automatic.map((r, i) => r - (automatic[i - 1] ?? 0));
    expect(gaps.every((g) => g >= 20 && g <= 30)).toBe(true);
    expect(nextBooster({ roundsSinceBoost: 0, nextGap: 25 }, 2, random)).toMatchObject({ booster: 2, source: 'console' });
  });
});

describe('console picks', () => {
  it('accept only results of the game', () => {
    expect(outcomeOfPick(ROULLET, { result: '00' })).toBe('00');
    expect(outcomeOfPick(ROULLET, { result: '37' })).toBeNull();
    expect(outcomeOfPick(TRIPLE, { result: '045' })).toBe('045');
  });

  it('need an Andhar Bahar card, colour and the type the card lies on', () => {
    expect(outcomeOfPick(ANDHAR, { result: '12', color: 'heart', type: 'bahar' })).toBe('12:heart');
    expect(outcomeOfPick(ANDHAR, { result: '3', color: 'club', type: 'bahar' })).toBeNull();
    expect(outcomeOfPick(ANDHAR, { result: '7', color: 'club', type: 'andar' })).toBe('7:club');
    expect(outcomeOfPick(ANDHAR, { result: '12', color: 'purple', type: 'bahar' })).toBeNull();
    expect(outcomeOfPick(ANDHAR, { result: '12' })).toBeNull();
  });
});
