import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { formatPoints } from '../../i18n/format';
import type { ConsoleItem } from './consoleTypes';
import { OptionPicture } from './OptionPicture';

const TILE_COLORS = { red: '#c62828', black: '#212121', green: '#2e7d32' } as const;

/** One option: its label (or picture) and the running total staked on it in the open round. */
export function Tile({ item, picked, onPick, compact }: { item: ConsoleItem; picked: boolean; onPick: () => void; compact?: boolean }) {
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
      {item.image ? <OptionPicture name={item.image} label={item.label} size={48} /> : <Typography variant={compact ? 'body2' : 'h6'} component="span">{item.label}</Typography>}
      <Typography variant="caption" component="span" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatPoints(item.sum)}
      </Typography>
    </ButtonBase>
  );
}
