import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { GameDeclaration, TilePicks } from '../../../domain/games';
import { tilePicked } from '../../../domain/games';
import type { ConsoleItem } from './consoleTypes';
import { Tile } from './Tile';
import { TripleGrid } from './TripleGrid';

function Row({ title, items, game, picks, onPick, compact, columns }: {
  title?: string;
  items: ConsoleItem[];
  game: GameDeclaration;
  picks: TilePicks;
  onPick: (key: string) => void;
  compact?: boolean;
  columns?: number;
}) {
  if (items.length === 0) return null;
  return (
    <Box sx={{ mb: 1.5 }}>
      {title && (
        <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
          {title}
        </Typography>
      )}
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: `repeat(${columns ?? 'auto-fill'}, ${columns ? 'minmax(0, 1fr)' : 'minmax(76px, 1fr)'})` }}>
        {items.map((i) => (
          <Tile key={i.drawno} item={i} picked={tilePicked(game, i.drawno, picks)} onPick={() => onPick(i.drawno)} compact={compact} />
        ))}
      </Box>
    </Box>
  );
}

/**
 * The console's draw options by the game's declared layout: `cards`, Andhar
 * Bahar's cards with its colours and card-types rows; `triple`, Triple Fun's section totals over a
 * virtualized grid; `grid`, the declared number of tiles a row (Fun Roullet's coloured tiles ten a
 * row, Titli Sorrat's twelve pictures in two rows of six, Bingo's 25 numbers five a row).
 */
export function OptionGrid(props: {
  game: GameDeclaration;
  items: ConsoleItem[];
  colors: ConsoleItem[];
  cardTypes: ConsoleItem[];
  picks: TilePicks;
  onPick: (key: string) => void;
  labels: { cards: string; colors: string; cardTypes: string; single: string; jodi: string; patti: string };
}) {
  const { game, items, picks, onPick, labels } = props;
  const layout = game.layout;
  if (layout.kind === 'cards')
    return (
      <>
        <Row title={labels.cards} items={items.slice(0, 6)} game={game} picks={picks} onPick={onPick} columns={6} />
        <Row items={items.slice(6, 7)} game={game} picks={picks} onPick={onPick} columns={6} />
        <Row items={items.slice(7)} game={game} picks={picks} onPick={onPick} columns={6} />
        <Row title={labels.colors} items={props.colors} game={game} picks={picks} onPick={onPick} columns={4} />
        <Row title={labels.cardTypes} items={props.cardTypes} game={game} picks={picks} onPick={onPick} columns={2} />
      </>
    );
  if (layout.kind === 'triple') return <TripleGrid game={game} items={items} picks={picks} onPick={onPick} labels={labels} />;
  return <Row items={items} game={game} picks={picks} onPick={onPick} columns={layout.columns} />;
}
