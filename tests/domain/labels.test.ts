import { describe, expect, it } from 'vitest';
import { poolDisplayName } from '../../domain/games';
import { optionLabel, resultLabel } from '../../resources.config';
import { formatDateTime } from '../../domain/periods';

const ANDHAR = 'qZicXikM';
const TRIPLE = 'zuuhVbBM';
const TITLI = 'qZicXikT';

describe('labels people read', () => {
  it('name options by their labels, Triple Fun with its section, and keep an unknown key as stored', () => {
    expect(['card:12', 'card:1', 'suit:heart', 'side:andar', 'side:bahar'].map((k) => optionLabel(ANDHAR, k))).toEqual(['Q', 'A', '♥', 'Andhar', 'Bahar']);
    expect(['single:5', 'jodi:05', 'patti:345'].map((k) => optionLabel(TRIPLE, k))).toEqual(['Single 5', 'Jodi 05', 'Patti 345']);
    expect(optionLabel(TITLI, '1')).toBe('Umbrella');
    expect(optionLabel(ANDHAR, 'card:99')).toBe('card:99');
    expect(optionLabel('no-such-game', 'x')).toBe('x');
  });

  it('describe results as the result strip does; no result stays null', () => {
    expect(resultLabel(ANDHAR, '12:heart')).toBe('Q♥');
    expect(resultLabel(TRIPLE, '794')).toBe('7-9-4');
    expect(resultLabel(ANDHAR, null)).toBeNull();
    expect(resultLabel('no-such-game', '3')).toBe('3');
  });

  it('name a pool by its game and admin, and a moment as dd/MM/yyyy HH:mm:ss of the local zone', () => {
    expect(poolDisplayName('Fun Target', 'AD0005')).toBe('Fun Target pool · AD0005');
    expect(formatDateTime(new Date(2026, 0, 2, 3, 4, 5))).toBe('02/01/2026 03:04:05');
  });
});
