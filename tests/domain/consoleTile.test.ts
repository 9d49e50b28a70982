import { describe, expect, it } from 'vitest';
import { outcomeOfPicks, pickTile, tilePicked } from '../../domain/games';
import { gameDeclaration } from '../../resources.config';

const game = (id: string) => {
  const g = gameDeclaration(id);
  if (!g) throw new Error(id);
  return g;
};

describe('console tiles', () => {
  it('a digit game: the tile is the result', () => {
    const funTarget = game('MNOQqWWi');
    const p = pickTile(funTarget, '7', {});
    expect(p).toEqual({ result: '7' });
    expect(tilePicked(funTarget, '7', p)).toBe(true);
    expect(outcomeOfPicks(funTarget, p)).toBe('7');
    expect(outcomeOfPicks(funTarget, {})).toBeNull();
  });

  it('Andhar Bahar needs the card, a colour and the card type of its side', () => {
    const ab = game('qZicXikM');
    let p = pickTile(ab, 'card:12', {});
    expect(outcomeOfPicks(ab, p)).toBeNull();
    p = pickTile(ab, 'suit:heart', p);
    p = pickTile(ab, 'side:andar', p);
    expect(p).toEqual({ result: '12', color: 'heart', type: 'andar' });
    expect(outcomeOfPicks(ab, p)).toBeNull(); // a queen lies on bahar
    p = pickTile(ab, 'side:bahar', p);
    expect(outcomeOfPicks(ab, p)).toBe('12:heart');
    expect(tilePicked(ab, 'suit:heart', p)).toBe(true);
    expect(tilePicked(ab, 'card:11', p)).toBe(false);
  });

  it('Triple Fun draws a patti: single and jodi tiles pick nothing', () => {
    const tf = game('zuuhVbBM');
    expect(pickTile(tf, 'jodi:45', {})).toEqual({});
    expect(pickTile(tf, 'single:5', { result: '123' })).toEqual({ result: '123' });
    const p = pickTile(tf, 'patti:345', {});
    expect(outcomeOfPicks(tf, p)).toBe('345');
    expect(tilePicked(tf, 'patti:345', p)).toBe(true);
  });
});
