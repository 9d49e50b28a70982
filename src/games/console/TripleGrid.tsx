import { useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import type { GameDeclaration, TilePicks } from '../../../domain/games';
import { tilePicked } from '../../../domain/games';
import { formatPoints } from '../../i18n/format';
import type { ConsoleItem } from './consoleTypes';
import { Tile } from './Tile';

const COLUMNS = 10;
/** Fixed heights make the visible window a division, not a measurement of 1,110 tiles. */
export const ROW_HEIGHT = 60;
export const TITLE_HEIGHT = 32;
export const VIEW_HEIGHT = 420;
const OVERSCAN = 3;
const SECTIONS = ['single', 'jodi', 'patti'] as const;
type Section = (typeof SECTIONS)[number];
/** The section of an option key (`single:5`, `jodi:45`, `patti:345`). */
const sectionOf = (key: string): Section | undefined => SECTIONS.find((x) => key.startsWith(`${x}:`));

type Entry = { kind: 'title'; section: Section; top: number } | { kind: 'row'; section: Section; items: ConsoleItem[]; top: number };

/** The grid as positioned entries: each section's title, then its tiles ten to a row. */
export function tripleLayout(items: readonly ConsoleItem[]): { entries: Entry[]; height: number; sectionTop: Record<Section, number> } {
  const entries: Entry[] = [];
  const sectionTop = { single: 0, jodi: 0, patti: 0 };
  let top = 0;
  for (const section of SECTIONS) {
    const of = items.filter((i) => sectionOf(i.drawno) === section);
    if (!of.length) continue;
    sectionTop[section] = top;
    entries.push({ kind: 'title', section, top });
    top += TITLE_HEIGHT;
    for (let i = 0; i < of.length; i += COLUMNS) {
      entries.push({ kind: 'row', section, items: of.slice(i, i + COLUMNS), top });
      top += ROW_HEIGHT;
    }
  }
  return { entries, height: top, sectionTop };
}

/** The entries that meet the window [scrollTop, scrollTop + view), with a few rows either side. */
export function visibleEntries(entries: readonly Entry[], scrollTop: number, view: number): Entry[] {
  const from = scrollTop - OVERSCAN * ROW_HEIGHT;
  const to = scrollTop + view + OVERSCAN * ROW_HEIGHT;
  return entries.filter((e) => e.top + (e.kind === 'title' ? TITLE_HEIGHT : ROW_HEIGHT) > from && e.top < to);
}

/**
 * Triple Fun's 1,110 options: the stakes of each section summed at the top (so a bet far down the
 * patti list is seen at once, and a click there scrolls to it), and only the rows in view rendered.
 */
export function TripleGrid({ game, items, picks, onPick, labels }: {
  game: GameDeclaration;
  items: ConsoleItem[];
  picks: TilePicks;
  onPick: (key: string) => void;
  labels: Record<Section, string>;
}) {
  const box = useRef<HTMLDivElement | null>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const layout = useMemo(() => tripleLayout(items), [items]);
  const totals = useMemo(() => {
    const t = { single: 0, jodi: 0, patti: 0 };
    const staked = { single: 0, jodi: 0, patti: 0 };
    const all = { single: 0, jodi: 0, patti: 0 };
    for (const i of items) {
      const s = sectionOf(i.drawno);
      if (!s) continue;
      t[s] += i.sum;
      all[s]++;
      if (i.sum > 0) staked[s]++;
    }
    return { t, staked, all };
  }, [items]);
  // jsdom and a first paint have no height yet: the box's own maximum stands for it.
  const view = box.current?.clientHeight || VIEW_HEIGHT;
  const shown = visibleEntries(layout.entries, scrollTop, view);
  const jump = (s: Section) => {
    if (box.current) box.current.scrollTop = layout.sectionTop[s];
    setScrollTop(layout.sectionTop[s]);
  };
  return (
    <Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 1, mb: 1 }} data-testid="triple-totals">
        {SECTIONS.map((s) => (
          <ButtonBase
            key={s}
            onClick={() => jump(s)}
            sx={{ flexDirection: 'column', alignItems: 'stretch', border: 1, borderColor: 'divider', borderRadius: 1, p: 1, textAlign: 'left' }}
            aria-label={`${labels[s]}: ${formatPoints(totals.t[s])}`}
          >
            <Typography variant="subtitle2" component="span">
              {labels[s]}
            </Typography>
            <Typography variant="h6" component="span" sx={{ fontVariantNumeric: 'tabular-nums' }} data-testid={`triple-total-${s}`}>
              {formatPoints(totals.t[s])}
            </Typography>
            <Typography variant="caption" component="span" color="text.secondary">
              {totals.staked[s]} / {totals.all[s]}
            </Typography>
          </ButtonBase>
        ))}
      </Box>
      <Box
        ref={box}
        data-testid="triple-grid"
        onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
        sx={{ maxHeight: VIEW_HEIGHT, height: VIEW_HEIGHT, overflowY: 'auto', pr: 1, position: 'relative' }}
      >
        <Box sx={{ height: layout.height, position: 'relative' }}>
          {shown.map((e) =>
            e.kind === 'title' ? (
              <Typography key={`t-${e.section}`} variant="subtitle2" sx={{ position: 'absolute', top: e.top, left: 0, right: 0, height: TITLE_HEIGHT, lineHeight: `${TITLE_HEIGHT}px` }}>
                {labels[e.section]}
              </Typography>
            ) : (
              <Box
                key={e.items[0].drawno}
                sx={{ position: 'absolute', top: e.top, left: 0, right: 0, height: ROW_HEIGHT - 8, display: 'grid', gap: 1, gridTemplateColumns: `repeat(${COLUMNS}, minmax(0, 1fr))` }}
              >
                {e.items.map((i) => (
                  <Tile key={i.drawno} item={i} picked={tilePicked(game, i.drawno, picks)} onPick={() => onPick(i.drawno)} compact />
                ))}
              </Box>
            ),
          )}
        </Box>
      </Box>
    </Box>
  );
}
