/** The superadmin's catalogue: games (Game Master) and round times (Time Master), the superadmin's alone. */
import type { CatalogueDefOf } from '../domain/catalogue';
import { validateGame, validateTime } from '../domain/gameValidation';

type GameField = 'gameId' | 'gameName' | 'nodigit' | 'time' | 'timeId' | 'status' | 'gameStatus' | 'publisher' | 'releaseDate' | 'gameDescription' | 'label' | 'images' | 'logo' | 'multiplier';
type TimeField = 'id' | 'timecount';

const game: CatalogueDefOf<'gamemaster', GameField> = {
  page: 'gamemaster',
  api: 'game',
  nameField: 'gameName',
  validate: (input, mode) => validateGame(input, mode),
  messages: { createFailed: 'Failed to create game', updateFailed: 'Failed to update game' },
  labels: { add: 'Add Game', edit: 'Edit Game', empty: 'No games available', notFound: 'No game found with the provided ID.' },
  list: {
    columns: [
      { source: 'no', label: 'No', type: 'index' },
      { source: 'gameId', label: 'Game ID', type: 'text', sortable: true },
      { source: 'gameName', label: 'Game Name', type: 'text', sortable: true },
      { source: 'nodigit', label: 'Digits', type: 'number', sortable: true },
      { source: 'time', label: 'Time', type: 'seconds', sortable: true },
      { source: 'status', label: 'Status', type: 'status', sortable: true },
      { source: 'publisher', label: 'Publisher', type: 'text' },
      { source: 'releaseDate', label: 'Release Date', type: 'date', sortable: true },
    ],
    edit: true,
    toggle: true,
    remove: true,
  },
  // Add Game: label no by default; one image per digit when yes; publisher defaults to the operator.
  createFields: [
    { name: 'gameName', label: 'Game Name', type: 'text' },
    { name: 'nodigit', label: 'Number of Digits', type: 'number' },
    { name: 'publisher', label: 'Publisher', type: 'text' },
    { name: 'releaseDate', label: 'Release Date', type: 'date' },
    { name: 'timeId', label: 'Time', type: 'time' },
    { name: 'gameStatus', label: 'Status', type: 'status', defaultValue: 'active' },
    { name: 'gameDescription', label: 'Description', type: 'textarea' },
    // A game the registry does not declare pays this ×; empty: floor(90 % × digits), ×9 for 10.
    { name: 'multiplier', label: 'Payout Multiplier (empty: 90 % return to players)', type: 'number' },
    { name: 'label', label: 'Label', type: 'yesno', defaultValue: 'no' },
    { name: 'images', label: 'Images', type: 'images' },
  ],
  editFields: [
    { name: 'gameId', label: 'Game ID', type: 'readonly' },
    { name: 'gameName', label: 'Game Name', type: 'text' },
    { name: 'nodigit', label: 'Number of Digits', type: 'number' },
    { name: 'publisher', label: 'Publisher', type: 'text' },
    { name: 'releaseDate', label: 'Release Date', type: 'date' },
    { name: 'timeId', label: 'Time', type: 'time' },
    { name: 'gameStatus', label: 'Status', type: 'status' },
    { name: 'multiplier', label: 'Payout Multiplier (empty: 90 % return to players)', type: 'number' },
    { name: 'gameDescription', label: 'Description', type: 'textarea' },
    // Logo optional on Edit Game (one image, sent as multipart only when chosen).
    { name: 'logo', label: 'Logo', type: 'logo' },
  ],
  export: {
    file: 'GamesList.xlsx',
    sheet: 'Games',
    columns: [
      { source: 'gameId', label: 'Game ID', width: 14 },
      { source: 'gameName', label: 'Game Name', width: 24 },
      { source: 'nodigit', label: 'Digits', width: 8 },
      { source: 'time', label: 'Time', width: 8 },
      { source: 'status', label: 'Status', width: 10 },
      { source: 'publisher', label: 'Publisher', width: 20 },
      { source: 'releaseDate', label: 'Release Date', width: 14 },
    ],
  },
};

const time: CatalogueDefOf<'timemaster', TimeField> = {
  page: 'timemaster',
  api: 'time',
  nameField: 'timecount',
  validate: (input) => validateTime(input),
  messages: { createFailed: 'Something went wrong' },
  labels: { add: 'Add Time', empty: 'No records found' },
  list: {
    columns: [
      { source: 'no', label: 'No', type: 'index' },
      { source: 'id', label: 'Time ID', type: 'text', sortable: true },
      { source: 'timecount', label: 'Time in sec', type: 'number', sortable: true },
    ],
  },
  createFields: [{ name: 'timecount', label: 'Time in sec', type: 'number' }],
};

export const CATALOGUE = [game, time] as const;
export type CatalogueDef = (typeof CATALOGUE)[number];
