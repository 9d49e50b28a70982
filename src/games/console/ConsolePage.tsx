import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../dataProvider/queryKeys';
import { useDataProvider, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BOOSTERS, outcomeOfPicks, pickTile, type GameDeclaration, type TilePicks } from '../../../domain/games';
import { declarationOf, gameDeclaration, optionLabel } from '../../../resources.config';
import { pointsToCents } from '../../../domain/money';
import { formatPoints } from '../../i18n/format';
import { getStoredUser } from '../../auth/session';
import { PageSpinner } from '../../common/PageSpinner';
import { ScreenFrame } from '../../common/ScreenFrame';
import { useSuccessNotify } from '../../common/useSuccessNotify';
import { useTimedMessage } from '../../common/useTimedMessage';
import { errorMessage } from '../../tiers/errorMessage';
import type { TierDataProvider } from '../../dataProvider/dataProvider';
import { OptionGrid } from './OptionGrid';
import { ResultsStrip } from './ResultsStrip';
import { DelayedRounds } from '../DelayedRounds';
import { useConsoleFeed } from './useConsoleFeed';
import { useCountdown } from './useCountdown';
import { serverText } from '../../i18n/serverText';

/** Console messages clear after 2 s. */
const MESSAGE_MS = 2000;

/** The selected-result box: the describe() label of the pick, Andhar Bahar's colour and type beside it. */
function pickText(game: GameDeclaration, picks: TilePicks): string {
  const outcome = outcomeOfPicks(game, picks);
  if (outcome) return game.describe(outcome);
  // Andhar Bahar's picks so far, by their tiles' labels (`Q · ♥`), not their keys (`12 · heart`).
  const parts: [string | undefined, string][] = [
    [picks.result, `card:${picks.result}`],
    [picks.color, `suit:${picks.color}`],
    [picks.type, `side:${picks.type}`],
  ];
  return parts
    .filter(([v]) => Boolean(v))
    .map(([v, key]) => {
      const label = optionLabel(game.gameId, key);
      return label === key ? optionLabel(game.gameId, String(v)) : label;
    })
    .join(' · ');
}

function Console({ game, adminId, username }: { game: GameDeclaration; adminId: string; username: string }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<TierDataProvider>();
  const feed = useConsoleFeed(adminId, game.gameId);
  const time = useCountdown(game.gameId, adminId, feed.serverTime);
  // Refusals and "nothing to reset" stay beside the buttons; a success is said in the notification (2 s both).
  const { message, show, clear } = useTimedMessage(MESSAGE_MS);
  const success = useSuccessNotify(MESSAGE_MS);
  const [picks, setPicks] = useState<TilePicks>({});
  const [booster, setBooster] = useState<number>(1);
  const [balance, setBalance] = useState('');
  const target = { gameId: game.gameId, adminId };

  const balanceMove = useMutation({
    mutationFn: (v: { type: 'add' | 'remove'; amount?: number }) => dataProvider.moveBalance(target, v.type, v.amount),
    onSuccess: ({ message: msg, moved }, v) => {
      // An empty (or negative) pool gives nothing back: say so, not "Balance Reset successfully!".
      if (v.type === 'remove' && moved === 0) show(translate('td.console.nothingToReset'), 'info');
      else {
        clear();
        success(serverText(msg, translate(v.type === 'add' ? 'td.console.balanceAdded' : 'td.console.balanceReset')));
      }
      setBalance('');
      feed.refresh();
    },
    // The server's message, else "Failed to add balance…" when it answered, else (no answer) "Error occurred…".
    onError: (err) => show(errorMessage(err, translate('td.console.balanceFailed'), translate('td.console.balanceError')), 'error'),
  });
  const save = useMutation({
    mutationFn: (outcomePicks: TilePicks) =>
      dataProvider.saveResult(
        target,
        { result: outcomePicks.result ?? '', ...(outcomePicks.color ? { color: outcomePicks.color } : {}), ...(outcomePicks.type ? { type: outcomePicks.type } : {}) },
        booster,
      ),
    onSuccess: (msg) => {
      clear();
      success(serverText(msg, translate('td.console.resultAdded')));
      // The booster is one of the picks: the next result starts from 1 again, not from a stale 2.
      setPicks({});
      setBooster(1);
    },
    onError: (err) => show(errorMessage(err, translate('td.console.resultFailed'), translate('td.console.resultError')), 'error'),
  });

  const onAdd = () => {
    const amount = Number(balance);
    if (balance.trim() === '' || !Number.isFinite(amount) || amount <= 0) return show(translate('td.console.invalidBalance'), 'error');
    // Points are kept in hundredths and never rounded (domain/money.ts): 1.005 is refused, not 1.00 or 1.01.
    if (pointsToCents(balance) === null) return show(translate('td.console.balanceDecimals'), 'error');
    balanceMove.mutate({ type: 'add', amount });
  };
  const onSave = () => {
    if (!outcomeOfPicks(game, picks)) return show(translate('td.console.invalidResult'), 'error');
    save.mutate(picks);
  };

  const data = feed.data;
  const title = `${translate(`td.console.game.${game.slug}`, { _: game.gameName })} — ${username}`;
  // A console the operator may not open is only the server's refusal: no countdown, pool or buttons to press.
  if (feed.refused && !data)
    return (
      <ScreenFrame title={title}>
        <Alert severity="error" role="alert">
          {feed.refused}
        </Alert>
      </ScreenFrame>
    );
  const gameBalance = data?.percentageData[0]?.gameBalance ?? 0;
  const collection = data?.collections.totalPlaypoints ?? 0;
  const payment = data?.collections.totalWinpoints ?? 0;
  return (
    <ScreenFrame
      title={title}
      actions={
        <>
          <Typography variant="h5" component="p" aria-label={translate('td.console.countdown')} data-testid="countdown" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {time}
          </Typography>
          <Button variant="outlined" onClick={() => feed.refresh()}>
            {translate('td.console.refresh')}
          </Button>
          <Button variant="outlined" color="warning" onClick={() => balanceMove.mutate({ type: 'remove' })} disabled={balanceMove.isPending}>
            {translate('td.console.resetBalance')}
          </Button>
        </>
      }
    >
      {feed.error && <Alert severity="error" sx={{ mb: 1 }}>{feed.error}</Alert>}
      {message && (
        <Alert severity={message.severity} sx={{ mb: 1 }} role="alert">
          {message.text}
        </Alert>
      )}
      {!data ? (
        <PageSpinner />
      ) : (
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' } }}>
          <Box>
            <OptionGrid
              game={game}
              items={data.data}
              colors={data.dataColors}
              cardTypes={data.dataCardTypes}
              picks={picks}
              onPick={(key) => setPicks((p) => pickTile(game, key, p))}
              labels={{
                cards: translate('td.console.cards'),
                colors: translate('td.console.colors'),
                cardTypes: translate('td.console.cardTypes'),
                single: translate('td.console.single'),
                jodi: translate('td.console.jodi'),
                patti: translate('td.console.patti'),
              }}
            />
            <Typography variant="h6" sx={{ mt: 2 }} data-testid="total-draw-collection">
              {translate('td.console.totalDraw')}: {formatPoints(data.totalDrawCollection)}
            </Typography>
          </Box>
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            <Box sx={{ display: 'flex', gap: 1 }}>
              <TextField
                type="number"
                size="small"
                label={translate('td.console.balance')}
                value={balance}
                onChange={(e) => setBalance(e.target.value)}
                slotProps={{ htmlInput: { min: 1 } }}
              />
              <Button variant="contained" onClick={onAdd} disabled={balanceMove.isPending}>
                {translate('td.console.addBalance')}
              </Button>
            </Box>
            <TextField select size="small" label={translate('td.console.booster')} value={booster} onChange={(e) => setBooster(Number(e.target.value))}>
              {BOOSTERS.map((b) => (
                <MenuItem key={b} value={b}>
                  {b}
                </MenuItem>
              ))}
            </TextField>
            <Box sx={{ display: 'flex', gap: 1 }}>
              <TextField
                size="small"
                label={translate('td.console.selectedResult')}
                value={pickText(game, picks)}
                slotProps={{ htmlInput: { readOnly: true } }}
                fullWidth
              />
              <Button variant="contained" color="success" onClick={onSave} disabled={save.isPending}>
                {translate('td.console.save')}
              </Button>
            </Box>
            <Box>
              <Typography variant="subtitle1">{translate('td.console.daily')}</Typography>
              <Table size="small">
                <TableBody>
                  <TableRow>
                    <TableCell component="th">{translate('td.console.gameBalance')}</TableCell>
                    <TableCell align="right" data-testid="game-balance" sx={{ color: gameBalance < 0 ? 'error.main' : undefined, fontWeight: gameBalance < 0 ? 700 : undefined }}>
                      {formatPoints(gameBalance)}
                    </TableCell>
                  </TableRow>
                  <TableRow>
                    <TableCell component="th">{translate('td.console.collection')}</TableCell>
                    <TableCell align="right">{formatPoints(collection)}</TableCell>
                  </TableRow>
                  <TableRow>
                    <TableCell component="th">{translate('td.console.payment')}</TableCell>
                    <TableCell align="right">{formatPoints(payment)}</TableCell>
                  </TableRow>
                  <TableRow>
                    <TableCell component="th">{translate('td.console.dailyBalance')}</TableCell>
                    <TableCell align="right">{formatPoints((Math.round(collection * 100) - Math.round(payment * 100)) / 100)}</TableCell>
                  </TableRow>
                </TableBody>
              </Table>
            </Box>
            <DelayedRounds adminId={adminId} gameId={game.gameId} />
            <ResultsStrip results={data.lastData.data} adminId={adminId} />
          </Box>
        </Box>
      )}
    </ScreenFrame>
  );
}

/** `/{role}/game/{gameId}/{adminId}/{username}`: the console of any game for an admin below the caller. */
export function GameConsoleRoute() {
  const { gameId = '', adminId = '', username = '' } = useParams();
  const game = gameDeclaration(gameId);
  if (!game) return <CatalogueConsole key={`${gameId}:${adminId}`} gameId={gameId} adminId={adminId} username={username} />;
  return <Console key={`${gameId}:${adminId}`} game={game} adminId={adminId} username={username} />;
}

/**
 * The console of a game made in Game Master: the registry does not declare it, so its declaration
 * is built from its catalogue row (declarationOf, as the server does), which the console's first
 * load brings. An unknown game, or one the caller may not open, says the server's refusal.
 */
function CatalogueConsole({ gameId, adminId, username }: { gameId: string; adminId: string; username: string }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<TierDataProvider>();
  const row = useQuery({ queryKey: queryKeys.catalogueGame(gameId, adminId), queryFn: () => dataProvider.getConsole({ gameId, adminId }), retry: false, staleTime: Infinity });
  if (row.isPending) return <PageSpinner />;
  if (!row.data) return <Alert severity="warning" sx={{ mt: 2 }}>{errorMessage(row.error, translate('td.catalogue.gamemaster.notFound'))}</Alert>;
  return <Console game={declarationOf(row.data.catalogue)} adminId={adminId} username={username} />;
}

/** The admin's fixed route of a game declared with an own console (`/admin/funtarget`): its own console of that game. */
export function ownConsole(game: GameDeclaration) {
  return function OwnConsole() {
    const me = getStoredUser();
    return me ? <Console game={game} adminId={me._id} username={me.username} /> : <PageSpinner />;
  };
}
