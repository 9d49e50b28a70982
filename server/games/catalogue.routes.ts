import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { oddsX100OfInput } from '../../domain/gameValidation';
import { requireCaller } from '../access/caller';
import type { Caller } from '../access/caller';
import type { Database } from '../db/client';
import { coded } from '../http/errors';
import { checkedInput, parseBody } from '../http/validated';
import { serve, type EndpointHandler } from '../http/endpoint';
import { parseListQuery, sendPage } from '../http/list';
import { gameDeclaration, ROOT_TIER } from '../../resources.config';
import {
  findGameRecord,
  GAME_SORTS,
  gameHasBets,
  insertGame,
  insertTime,
  listGameRecords,
  listTimeRecords,
  setGameStatus,
  softDeleteGame,
  timecountOf,
  updateGame,
  type StoredGame,
  type GameSort,
} from './catalogue.repository';
import { contentTypeOf, imageDir, imageKind, MAX_IMAGE_BYTES, storeImage } from './images';
import { CATALOGUE_ENDPOINTS as E } from './catalogue.endpoints';
import { gameCreateForm, gameEditForm } from './gameForm';

const requireSuperadmin = (caller: Caller) => {
  if (caller.role !== ROOT_TIER.role) throw coded(403, 'superadminGamesOnly');
  return caller;
};

/** A game by its database id or its gameId, undeleted. */
async function findGameRow(db: Database, raw: string): Promise<StoredGame> {
  const row = await findGameRecord(db, /^[1-9]\d{0,15}$/.test(raw) ? { id: Number(raw) } : { gameId: raw });
  if (!row) throw coded(404, 'noGameWithId');
  return row;
}

/**
 * A game's options and odds once it has bets: its tickets and rounds name options and were paid at
 * its odds, so a new number of digits or multiplier would leave them pointing at options it no longer
 * has. A declared game's options and odds are its declaration's, whatever its row says.
 */
async function refuseLockedOptions(db: Database, { dbId, record: game }: StoredGame, next: { nodigit: number; oddsX100: number | undefined }): Promise<void> {
  const declared = gameDeclaration(game.gameId) !== undefined;
  if (declared && next.oddsX100 !== undefined) throw coded(400, 'declaredGameOdds', { game: game.gameName }, 'multiplier');
  const changes = [
    ...(next.nodigit !== game.nodigit ? ['nodigit'] : []),
    ...(next.oddsX100 !== undefined && game.multiplier !== null && next.oddsX100 !== Math.round(game.multiplier * 100) ? ['multiplier'] : []),
  ];
  if (declared || changes.length === 0) return;
  if (await gameHasBets(db, dbId)) throw coded(409, 'gameOptionsHaveBets', { game: game.gameName }, changes[0]);
}

/** A time id, or a list of them whose first is the round length (the contract of PUT game/{id}). */
async function timeSeconds(db: Database, rawTimeId: unknown): Promise<number> {
  const id = Number(Array.isArray(rawTimeId) ? rawTimeId[0] : rawTimeId);
  const seconds = Number.isInteger(id) && id > 0 ? await timecountOf(db, id) : null;
  if (seconds === null) throw coded(400, 'timeRequired', {}, 'timeId');
  return seconds;
}

/** All image bytes of one form, kept in memory until the form is valid: a refused form leaves no file behind. */
const MAX_FORM_IMAGE_BYTES = 32 * 1024 * 1024;

/**
 * The text fields and the image files of a game's multipart form (Add Game's `images`, Edit Game's
 * optional `logo`); each file is checked by content as it comes. The text fields are checked
 * afterwards by the form's schema, as a JSON body is.
 */
async function readGameForm(req: FastifyRequest): Promise<{ fields: Record<string, string>; images: Buffer[]; logo?: Buffer }> {
  const fields: Record<string, string> = {};
  const images: Buffer[] = [];
  let logo: Buffer | undefined;
  let total = 0;
  for await (const part of req.parts({ limits: { fileSize: MAX_IMAGE_BYTES + 1, files: 1000, fields: 50, fieldSize: 10_000 } })) {
    if (part.type === 'file') {
      const field = part.fieldname === 'logo' ? 'logo' : 'images';
      const bytes = await (part as MultipartFile).toBuffer().catch(() => {
        throw coded(400, 'imageTooLarge', { kb: MAX_IMAGE_BYTES / 1024 }, field);
      });
      if ((part as MultipartFile).file.truncated) throw coded(400, 'imageTooLarge', { kb: MAX_IMAGE_BYTES / 1024 }, field);
      imageKind(bytes, field);
      total += bytes.length;
      if (total > MAX_FORM_IMAGE_BYTES) throw coded(400, 'gameImagesTooLarge', { mb: MAX_FORM_IMAGE_BYTES / 1024 / 1024 }, field);
      if (field === 'logo') {
        if (logo) throw coded(400, 'oneLogo', {}, 'logo');
        logo = bytes;
      } else images.push(bytes);
    } else {
      fields[part.fieldname] = String(part.value ?? '');
    }
  }
  return { fields, images, logo };
}

/** Game Master and Time Master (superadmin), and the images of games. */
export async function catalogueRoutes(app: FastifyInstance, opts: { dataDir: string }) {
  const { db } = app;
  const { dataDir } = opts;

  const list: EndpointHandler<typeof E.games.schema> = async (req, reply) => {
    requireSuperadmin(requireCaller(req));
    const page = parseListQuery(req.query, { sortable: Object.keys(GAME_SORTS) as GameSort[], defaultSort: 'id', defaultOrder: 'ASC', maxBare: 1000, maxPerPage: 500 });
    const { rows, total } = await listGameRecords(db, page);
    return sendPage(reply, 'game', { data: rows, total, offset: page.offset });
  };
  serve(app, E.games, list);
  serve(app, E.gamesSlash, list);

  serve(app, E.game, async (req) => {
    requireSuperadmin(requireCaller(req));
    return { success: true, data: (await findGameRow(db, req.params.id)).record };
  });

  serve(app, E.addGame, async (req, reply) => {
    const caller = requireSuperadmin(requireCaller(req));
    const multipart = req.isMultipart() ? await readGameForm(req) : null;
    const form = multipart ? parseBody(gameCreateForm, multipart.fields, 'every') : checkedInput(req, req.body, 'every');
    const uploads = multipart?.images ?? [];
    const fields = Object.fromEntries(Object.entries(form).map(([k, v]) => [k, String(v ?? '')])) as Record<string, string>;
    fields.publisher = fields.publisher || caller.username;
    const nodigit = Number(fields.nodigit);
    const label = fields.label === 'yes';
    if (label && uploads.length !== nodigit) throw coded(400, 'imagePerDigit', { count: nodigit }, 'images');
    const time = await timeSeconds(db, fields.timeId);
    const images = label ? await Promise.all(uploads.map((bytes) => storeImage(dataDir, bytes, 'images'))) : [];
    const gameId = randomBytes(6).toString('base64url').replace(/[-_]/g, 'x').slice(0, 8);
    const id = await insertGame(db, {
      gameId,
      gameName: fields.gameName.trim(),
      nodigit,
      timeSeconds: time,
      status: fields.gameStatus === 'inactive' ? 'inactive' : 'active',
      publisher: fields.publisher.trim(),
      description: fields.gameDescription.trim(),
      releaseDate: fields.releaseDate,
      label,
      images,
      oddsX100: oddsX100OfInput(fields.multiplier),
    });
    reply.code(201);
    return { success: true, message: 'Game created successfully.', data: (await findGameRow(db, String(id))).record };
  });

  serve(
    app,
    E.editGame,
    async (req) => {
      requireSuperadmin(requireCaller(req));
      const game = await findGameRow(db, req.params.id);
      const form = req.isMultipart() ? await readGameForm(req) : null;
      if (!form && !req.body) throw coded(400, 'gameFieldsRequired');
      if (form && form.images.length) throw coded(400, 'editGameLogoOnly', {}, 'images');
      const body = (form ? parseBody(gameEditForm, form.fields, 'every') : checkedInput(req, req.body, 'every')) ?? {};
      const nodigit = Number(body.nodigit);
      const oddsX100 = oddsX100OfInput(body.multiplier) ?? undefined;
      await refuseLockedOptions(db, game, { nodigit, oddsX100 });
      // Stored only once the form is valid: a refused edit leaves no file behind.
      const logo = form?.logo ? await storeImage(dataDir, form.logo, 'logo') : undefined;
      const time = body.timeId !== undefined && body.timeId !== '' ? await timeSeconds(db, body.timeId) : game.record.time;
      await updateGame(db, game.dbId, {
        gameName: String(body.gameName).trim(),
        nodigit,
        oddsX100,
        description: String(body.gameDescription).trim(),
        publisher: String(body.publisher).trim(),
        releaseDate: String(body.releaseDate),
        status: String(body.gameStatus),
        timeSeconds: time,
        logo,
      });
      return { success: true, message: 'Game updated successfully.', data: (await findGameRow(db, game.record.id)).record };
    },
  );

  serve(
    app,
    E.toggleGame,
    async (req) => {
      requireSuperadmin(requireCaller(req));
      const game = await findGameRow(db, req.params.id);
      await setGameStatus(db, game.dbId, req.params.action === 'activate' ? 'active' : 'inactive');
      return { success: true, message: `Game ${game.record.gameId} has been successfully ${req.params.action}d.`, data: (await findGameRow(db, game.record.id)).record };
    },
  );

  // Soft delete: rounds and tickets keep pointing at the game, so history and reports stay whole.
  serve(app, E.deleteGame, async (req) => {
    requireSuperadmin(requireCaller(req));
    const game = await findGameRow(db, req.params.id);
    await db.transaction((tx) => softDeleteGame(tx, game.dbId));
    return { success: true, message: `Game ${game.record.gameId} has been deleted.` };
  });

  serve(app, E.image, async (req, reply) => {
    requireCaller(req);
    const file = join(imageDir(dataDir), req.params.name);
    const stream = createReadStream(file);
    await new Promise<void>((res, rej) => {
      stream.once('open', () => res());
      stream.once('error', () => rej(coded(404, 'noSuchImage')));
    });
    return reply.type(contentTypeOf(req.params.name)).header('Cache-Control', 'private, max-age=86400').send(stream);
  });

  const times: EndpointHandler<typeof E.times.schema> = async (req, reply) => {
    requireCaller(req);
    const page = parseListQuery(req.query, { sortable: ['timecount', 'id'], defaultSort: 'timecount', defaultOrder: 'ASC', maxBare: 1000, maxPerPage: 500 });
    const { rows, total } = await listTimeRecords(db, page);
    return sendPage(reply, 'time', { data: rows, total, offset: page.offset });
  };
  serve(app, E.timeList, times);
  serve(app, E.times, times);

  serve(
    app,
    E.addTime,
    async (req, reply) => {
      requireSuperadmin(requireCaller(req));
      const time = await insertTime(db, req.body.timecount);
      if (!time) throw coded(409, 'timeExists');
      reply.code(201);
      return { success: true, message: 'Time created successfully.', data: time };
    },
  );
}
