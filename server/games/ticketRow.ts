import { centsToPoints } from '../../domain/money';
import type { Row } from '../db/client';

/** A ticket as the bet list and the player's own list show it (columns: id, game_id, game_name, draw_no, opens_at, closes_at, stake, win, result, settled_at). */
export const ticketRow = (x: Row) => ({
  ticketId: String(x.id),
  gameId: String(x.game_id),
  gameName: String(x.game_name),
  drawno: Number(x.draw_no),
  timeopen: x.opens_at,
  timeclose: x.closes_at,
  playpoints: centsToPoints(String(x.stake)),
  winpoints: centsToPoints(String(x.win)),
  resultNo: x.result ?? null,
  claimdate: x.settled_at ?? null,
});
