import ButtonBase from '@mui/material/ButtonBase';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { GameDeclaration, TilePicks } from '../../../domain/games';
import { tilePicked } from '../../../domain/games';
import { formatPoints } from '../../../domain/money';
import type { ConsoleItem } from './consoleTypes';
import { TitliPicture } from './TitliPicture';

const TILE_COLORS = { red: '#c62828', black: '#212121', green: '#2e7d32' } as const;

/** One option: its label (or picture) and the running total staked on it in the open round. */
function Tile({ item, picked, onPick, compact }: { item: ConsoleItem; picked: boolean; onPick: () => void; compact?: boolean }) {
  const bg = item.color ? TILE_COLORS[item.color] : undefined;
  return (
    <ButtonBase
      onClick={onPick}
      aria-pressed={picked}
      aria-label={`${item.label}: ${formatPoints(item.sum)}`}
      sx={{
        flexDirection: 'column',
        border: 2,
        borderColor: picked ? 'warning.main' : 'divider',
        borderRadius: 1,
        p: compact ? 0.5 : 1,
        minWidth: 0,
        bgcolor: bg ?? (picked ? 'action.selected' : 'background.paper'),
        color: bg ? '#fff' : 'text.primary',
        boxShadow: picked ? 3 : 0,
      }}
    >
      {item.image ? <TitliPicture name={item.image} size={48} /> : <Typography variant={compact ? 'body2' : 'h6'} component="span">{item.label}</Typography>}
      <Typography variant="caption" component="span" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatPoints(item.sum)}
      </Typography>
    </ButtonBase>
  );
}

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
 * The console's draw options by game (spec section 2.3): Fun Roullet's coloured tiles, Triple Fun's
 * scrolling grid, Andhar Bahar's cards with its colours and card-types rows, Titli Sorrat's twelve
 * pictures in two rows of six, Bingo's 25 numbers; the rest a plain grid.
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
  if (props.colors.length || props.cardTypes.length)
    return (
      <>
        <Row title={labels.cards} items={items.slice(0, 6)} game={game} picks={picks} onPick={onPick} columns={6} />
        <Row items={items.slice(6, 7)} game={game} picks={picks} onPick={onPick} columns={6} />
        <Row items={items.slice(7)} game={game} picks={picks} onPick={onPick} columns={6} />
        <Row title={labels.colors} items={props.colors} game={game} picks={picks} onPick={onPick} columns={4} />
        <Row title={labels.cardTypes} items={props.cardTypes} game={game} picks={picks} onPick={onPick} columns={2} />
      </>
    );
  if (items.some((i) => i.drawno.startsWith('patti:'))) {
    const of = (g: string) => items.filter((i) => i.drawno.startsWith(`${g}:`));
    return (
      <Box data-testid="triple-grid" sx={{ maxHeight: 420, overflowY: 'auto', pr: 1 }}>
        <Row title={labels.single} items={of('single')} game={game} picks={picks} onPick={onPick} compact columns={10} />
        <Row title={labels.jodi} items={of('jodi')} game={game} picks={picks} onPick={onPick} compact columns={10} />
        <Row title={labels.patti} items={of('patti')} game={game} picks={picks} onPick={onPick} compact columns={10} />
      </Box>
    );
  }
  if (items.some((i) => i.image)) return <Row items={items} game={game} picks={picks} onPick={onPick} columns={6} />;
  // Bingo's declaration holds its 25 numbers (spec section 9); Fun Roullet's 38 tiles take ten a row.
  return <Row items={items} game={game} picks={picks} onPick={onPick} columns={items.length > 25 ? 10 : 5} />;
}
