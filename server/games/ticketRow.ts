import { resultLabel } from '../../resources.config';
import { centsToPoints } from '../../domain/money';
import type { TicketRecord } from './history.repository';

/** A ticket as the bet list and the player's own list show it. */
export const ticketRow = (x: TicketRecord) => ({
  ticketId: x.id,
  gameId: x.gameId,
  gameName: x.gameName,
  drawno: x.drawNo,
  timeopen: x.opensAt,
  timeclose: x.closesAt,
  playpoints: centsToPoints(x.stakeCents),
  winpoints: centsToPoints(x.winCents),
  resultNo: x.result,
  // What the result strip shows (`Q♥`, `3-4-5`); `resultNo` keeps the stored key.
  resultLabel: resultLabel(x.gameId, x.result),
  claimdate: x.settledAt,
  // Its round was voided: no result, the stake back in the wallet; screens show "Refunded".
  refunded: x.refunded,
});

/** A ticket's state as the player API names it. */
export const ticketStatus = (x: TicketRecord): 'refunded' | 'settled' | 'pending' => (x.refunded ? 'refunded' : x.settledAt ? 'settled' : 'pending');
