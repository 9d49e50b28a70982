import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TilePicks } from '../../domain/games';
import { gameDeclaration } from '../../resources.config';
import { OptionGrid } from '../../src/games/console/OptionGrid';
import { ROW_HEIGHT, TITLE_HEIGHT, tripleLayout } from '../../src/games/console/TripleGrid';
import type { ConsoleItem } from '../../src/games/console/consoleTypes';

const TRIPLE = gameDeclaration('zuuhVbBM')!;
const stakes: Record<string, number> = { 'single:3': 2, 'jodi:45': 1.5, 'patti:987': 5 };
const items: ConsoleItem[] = TRIPLE.options.map((o) => ({ drawno: o.key, label: o.label, sum: stakes[o.key] ?? 0 }));
const labels = { cards: 'Cards', colors: 'Colours', cardTypes: 'Card types', single: 'Single', jodi: 'Jodi', patti: 'Patti' };

const renderGrid = () =>
  render(<OptionGrid game={TRIPLE} items={items} colors={[]} cardTypes={[]} picks={{} as TilePicks} onPick={() => undefined} labels={labels} />);

describe('the Triple Fun console grid', () => {
  it('sums each section at the top, so a bet off-screen is seen at once', () => {
    renderGrid();
    expect(screen.getByTestId('triple-total-single')).toHaveTextContent('2.00');
    expect(screen.getByTestId('triple-total-jodi')).toHaveTextContent('1.50');
    expect(screen.getByTestId('triple-total-patti')).toHaveTextContent('5.00');
  });

  it('renders only the rows in view, not 1,110 tiles, and follows the scroll', () => {
    renderGrid();
    const tiles = () => screen.getAllByRole('button', { pressed: false });
    expect(tiles().length).toBeLessThan(200);
    expect(screen.queryByRole('button', { name: '987: 5.00' })).toBeNull();
    const { sectionTop } = tripleLayout(items);
    // Scroll to patti 987's row: the row of 980–989 is the 99th of the patti section.
    fireEvent.scroll(screen.getByTestId('triple-grid'), { target: { scrollTop: sectionTop.patti + TITLE_HEIGHT + 98 * ROW_HEIGHT } });
    expect(screen.getByRole('button', { name: '987: 5.00' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '3: 2.00' })).toBeNull();
    expect(tiles().length).toBeLessThan(200);
  });

  it('jumps to a section from its total', () => {
    renderGrid();
    fireEvent.click(screen.getByRole('button', { name: 'Patti: 5.00' }));
    expect(screen.getByRole('button', { name: '000: 0.00' })).toBeInTheDocument();
  });
});
