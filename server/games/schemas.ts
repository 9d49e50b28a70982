import type { Readable } from 'node:stream';
import { z } from 'zod';
import { done, ERROR_REPLIES, file, ok, page, queryText, timestamp } from '../http/schemas';

/**
 * The games module's replies. Rows are loose objects: the fields listed are documented and checked, and a field
 * a game adds (the console's per-game data belongs to the game declarations) reaches the client unstripped.
 */

const points = z.number();
const replies = <T>(success: T) => ({ ...ERROR_REPLIES, 200: success });
const created = <T>(success: T) => ({ ...ERROR_REPLIES, 201: success });

/** A ticket as the bet list and the player's own list show it (server/games/ticketRow.ts). */
const ticket = z
  .looseObject({
    ticketId: z.string(),
    gameId: z.string(),
    gameName: z.string(),
    drawno: z.number(),
    timeopen: timestamp,
    timeclose: timestamp,
    playpoints: points,
    winpoints: points,
    resultNo: z.string().nullable(),
    resultLabel: z.string().nullable(),
    claimdate: timestamp.nullable(),
    refunded: z.boolean().describe('its round was voided (not settled in time) and the stake went back to the wallet'),
  })
  .meta({ id: 'Ticket' });

/** The console's data (built by server/games/console.service.ts): its shape follows the game's declaration. */
const consoleData = z.looseObject({}).meta({ id: 'ConsoleData' });

/** Game Master's and Time Master's records (server/games/catalogue.repository.ts). */
const gameRecord = z.looseObject({ id: z.string(), _id: z.string(), gameId: z.string(), gameName: z.string(), nodigit: z.number(), time: z.number() }).meta({ id: 'Game' });
const timeRecord = z.looseObject({ id: z.string(), _id: z.string(), timecount: z.number() }).meta({ id: 'Time' });

/** react-admin's simple-rest list parameters (server/http/list.ts parses and names a bad one). */
export const restListQuery = z.looseObject({ page: queryText, perPage: queryText, limit: queryText, sort: queryText, order: queryText, range: queryText, filter: queryText, q: queryText });
export const GAME_REPLIES = {
  createBet: created(ok(z.looseObject({ ticketId: z.string(), roundId: z.string(), drawno: z.number(), playpoints: points, walletBalance: points }))),
  tickets: replies(z.looseObject({ success: z.boolean(), total: z.number().int(), data: z.array(ticket.extend({ status: z.string().describe('settled, pending or refunded'), createdAt: timestamp.optional() })) })),
  lastResults: replies(ok(z.array(z.looseObject({})))),
  timer: replies(ok(z.looseObject({ time: z.string(), drawno: z.number(), closesAt: z.string() }))),
  loadConsole: replies(ok(consoleData)),
  addBalance: replies(ok(z.looseObject({}))),
  addResult: replies(ok(z.object({ outcome: z.string().describe('The queued outcome, as the game stores it'), label: z.string().describe('The outcome in the console’s words') }))),
  decision: replies(ok(z.looseObject({}))),
  percentages: replies(
    z.looseObject({
      success: z.boolean(),
      games: z.array(z.looseObject({ gameId: z.string(), gameName: z.string() })),
      users: z.array(z.looseObject({ _id: z.string(), username: z.string() })),
      adminGameList: z.array(z.looseObject({ id: z.string(), adminId: z.string(), username: z.string(), gameId: z.string(), gameName: z.string(), winpercentage: z.number() })),
    }),
  ),
  done: replies(done),
  engine: replies(
    ok(
      z.looseObject({
        roundsBehind: z.number().int(),
        oldestClosedAt: z.string().nullable(),
        failing: z.array(
          z.looseObject({
            roundId: z.string(),
            drawNo: z.number().int().nullable(),
            gameName: z.string().nullable(),
            admin: z.string().nullable(),
            attempts: z.number().int(),
            code: z.string().describe('SQLSTATE, Node code or error class; never the error text'),
            lastAttemptAt: z.string(),
            nextAttemptAt: z.string(),
          }),
        ),
      }),
    ),
  ),
  engineDelayed: replies(
    ok(
      z.looseObject({
        count: z.number().int(),
        rounds: z.array(z.looseObject({ roundId: z.string(), drawNo: z.number().int(), gameId: z.string(), gameName: z.string(), admin: z.string(), closesAt: z.string() })),
      }),
    ),
  ),
  games: replies(page(gameRecord)),
  game: replies(ok(gameRecord)),
  gameCreated: created(ok(gameRecord)),
  image: replies(file<Readable>('image/*', 'The image bytes')),
  times: replies(page(timeRecord)),
  timeCreated: created(ok(timeRecord)),
  gameHistory: replies(
    z.looseObject({
      success: z.boolean(),
      total: z.number().int(),
      totals: z.looseObject({ play: points, win: points, end: points }),
      data: z.array(ticket.extend({ username: z.string() })),
    }),
  ),
  ticketDetails: replies(
    z.looseObject({
      success: z.boolean(),
      message: z.string(),
      data: z.array(z.looseObject({ ticketid: z.string(), drawno: z.string(), label: z.string(), round: z.number(), drawqty: z.number(), drawtotal: points, refunded: z.boolean() })),
    }),
  ),
  historyUsers: replies(ok(z.array(z.looseObject({ _id: z.string(), username: z.string() })))),
  historyGames: replies(ok(z.array(z.looseObject({ gameId: z.string(), gameName: z.string() })))),
  onlinePlayers: replies(
    z.looseObject({
      success: z.boolean(),
      total: z.number().int(),
      data: z.array(
        z.looseObject({
          _id: z.string(),
          username: z.string(),
          points,
          playPoints: points,
          winPoints: points,
          claimPoints: points,
          endPoints: points,
          isOnline: z.boolean(),
          lastLogin: timestamp.nullable(),
        }),
      ),
    }),
  ),
};
