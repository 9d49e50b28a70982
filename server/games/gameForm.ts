import { z } from 'zod';
import { gameFieldError, gameFormFields, type GameField, type GameFormMode } from '../../domain/gameValidation';

/** What each field of the form holds, for the OpenAPI document. */
const DESCRIPTIONS: Record<GameField, string> = {
  gameName: 'The game’s name, 100 characters at most',
  nodigit: 'Number of digits (options), a whole number from 1',
  publisher: 'Its publisher (Add Game: the caller’s username when empty)',
  releaseDate: 'Its release date',
  timeId: 'A Time Master id, or a list of them whose first is the round length',
  gameDescription: 'Its description',
  gameStatus: 'active or inactive',
  label: 'yes: one image per digit (the multipart form’s images)',
  multiplier: 'Payout multiplier with at most 2 decimals; empty for the default',
};
const ALL_FIELDS = Object.keys(DESCRIPTIONS) as GameField[];

/** Not given at all: what Add Game fills in with the caller's username. */
const absent = (v: unknown) => v === undefined || v === null || v === '';

/** One field's type: text (a number in JSON; Time a list too); another type gets the message of a wrong text. */
function gameField(field: GameField, mode: GameFormMode) {
  const wrongType = gameFieldError(field, '', mode) ?? gameFieldError(field, '?', mode) ?? `${field} is invalid`;
  const scalar = [z.string(), z.number()] as const;
  if (field === 'label') {
    // The game as GET answers it carries `label: true|false`: a client that sends it back as read edits it.
    const yesNo = z.preprocess((v) => (typeof v === 'boolean' ? (v ? 'yes' : 'no') : v), z.union([...scalar, z.null()], { error: wrongType }));
    return yesNo.optional().describe(DESCRIPTIONS[field]);
  }
  const value = field === 'timeId' ? z.union([...scalar, z.null(), z.array(z.union(scalar))], { error: wrongType }) : z.union([...scalar, z.null()], { error: wrongType });
  return value.optional().describe(DESCRIPTIONS[field]);
}

/**
 * A game form: each field typed, then the checked ones by the domain's rule of the field, in the
 * order its refusals are listed, so each refusal is the form's own message (a missing field too).
 * Add Game fills in an absent publisher with the caller's username.
 */
function gameFields(mode: GameFormMode) {
  const checked = gameFormFields(mode);
  const order = [...checked, ...ALL_FIELDS.filter((f) => !checked.includes(f))];
  return z.looseObject(Object.fromEntries(order.map((f) => [f, gameField(f, mode)]))).superRefine((form, ctx) => {
    for (const field of checked) {
      const v = form[field];
      if (mode === 'create' && field === 'publisher' && absent(v)) continue;
      const message = gameFieldError(field, Array.isArray(v) ? v[0] : v, mode);
      if (message !== null) ctx.addIssue({ code: 'custom', message, path: [field] });
    }
  });
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Add Game's JSON body (flat); no body is an empty form. A multipart form's text fields are checked by the same schema. */
export const gameCreateForm = z.preprocess((b) => b ?? {}, gameFields('create'));

/** Edit Game's JSON body, `{gameData}` or flat; none at all is answered by the route (it may be a multipart form). */
export const gameEditForm = z.preprocess((b) => (isObject(b) && isObject(b.gameData) ? b.gameData : b), gameFields('edit')).nullish();
