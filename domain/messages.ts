import { CREDIT_MESSAGES } from './creditValidation';

/**
 * One code per message the domain rules and the server give, with its English text. Answers carry
 * `{code, params}` beside the English `message`; the client translates by code (src/i18n/en.ts takes these
 * texts under `td.errors`), so no text is ever matched back to its meaning. Placeholders are polyglot's %{name}.
 */
export const MESSAGES = {
  // Account form fields (domain/accountValidation.ts)
  required: '%{field} is required',
  invalidEmail: 'Please enter a valid email address',
  commissionRange: '%{field} must be a number between 0 and 100',
  notANumber: '%{field} must be a number',
  digitsLength: '%{field} must be %{min} to %{max} digits',
  invalidDate: '%{field} must be a valid date',
  pinFormat: 'PIN must be 4 to 12 digits',
  passwordLength: 'Password must be at least 6 characters',
  statusValue: '%{field} must be Active or Deactive',
  notAList: '%{field} must be a list',
  tooLong: '%{field} is too long',
  invalidField: '%{field} is invalid',
  // Request shape and list parameters
  bodyNotObject: 'The request body must be a JSON object.',
  badParameter: "Invalid value for '%{name}': give it once, as text.",
  badDate: '%{name} must be a date between %{min} and %{max}.',
  badJson: '%{name} is not valid JSON.',
  badSortPair: 'sort must be ["field","ASC|DESC"].',
  badRange: 'range must be [first, last] with 0 <= first <= last.',
  badFilter: 'filter must be a JSON object.',
  unknownSort: "Cannot sort by '%{sort}'.",
  badOrder: 'Order must be ASC or DESC.',
  // Access
  loginAgain: 'Please log in again.',
  sessionExpired: 'Your session has expired. Please log in again.',
  notAllowed: 'You are not allowed to do this.',
  accountNotFound: 'Account not found.',
  notAUserAccount: 'This id is a game pool, not a user account.',
  // Account calls
  idempotencyKeyTooLong: 'Idempotency-Key is too long (100 characters at most).',
  updatedFieldsNotObject: 'updatedFields must be an object.',
  noChildTier: '%{tiers} accounts have no accounts below them.',
  onlyAdminsHaveGames: 'Only admins have games.',
  unknownGame: 'Unknown game.',
  referenceRequired: 'Reference is required',
  referenceMissing: 'The reference account does not exist.',
  referenceOutside: 'The reference account is outside your hierarchy.',
  referenceWrongTier: 'The reference must be a %{tier} account.',
  referenceInactive: 'The reference account is not active.',
  passwordRequired: 'Password is required',
  notOnOwnAccount: 'You may not change this on your own account.',
  unknownAction: "Unknown action '%{action}': use activate or deactivate.",
  stillHoldsPoints: '%{username} still holds points: take them back with a credit adjust first.',
  stillHasChildren: '%{username} still has accounts below it: delete or move them first.',
  stillHasOpenBets: '%{username} has bets waiting for their round to close: delete the account after they are settled.',
  tierNotManaged: 'A %{role} may not manage %{tiers} accounts.',
  outsideHierarchy: 'This account is outside your hierarchy.',
  noAccountOfTier: 'No %{tier} account with this id.',
  noChildAccount: 'No %{tier} account with this id under %{parent}.',
  // Credit calls (the form texts are domain/creditValidation.ts's, the client's form check shows them too)
  transferAmountInvalid: CREDIT_MESSAGES.transfer.amount,
  transferPasswordRequired: CREDIT_MESSAGES.transfer.password,
  adjustAmountInvalid: CREDIT_MESSAGES.adjust.amount,
  adjustPasswordRequired: CREDIT_MESSAGES.adjust.password,
  ownWalletOnly: 'You can only move points from your own wallet.',
  incorrectPassword: 'Incorrect password.',
  transactionType: 'Transaction type must be credit or debit.',
  // Auth and access (server/auth, server/access)
  invalidCredentials: 'Invalid username or password.',
  accountDeactivated: 'Your account is deactivated.',
  accountSuspended: 'Your account is suspended: an account above it is deactivated.',
  ownPasswordOnly: 'You can only change your own password.',
  passwordsDiffer: '❌ New and confirm password do not match.',
  oldPasswordWrong: 'The old password is incorrect.',
  invalidPassword: 'Invalid password.',
  usernameRequired: 'Username is required',
  usernameFormat: 'Username must be 3 to 30 letters, digits, dots, dashes or underscores, starting with a letter',
  fillAllFields: '⚠️ Please fill all fields.',
  signupClosed: 'Sign-up is closed: accounts are created by the account above them.',
  signupUnavailable: 'Sign-up is not available right now.',
  crossSite: 'This request came from another site and was refused.',
  confirmPasswordFirst: 'Please confirm your password first.',
  lockedOut: 'Too many failed attempts. Try again in %{minutes} minute(s).',
  pageNotAvailable: 'The %{page} is not available to a %{role}.',
  // Reports and operations (server/reports, server/operations)
  dateNotValid: 'The date is not a valid date.',
  namedDateNotValid: '%{name} is not a valid date.',
  reportRoleMismatch: 'The account %{username} is not a %{role}.',
  staffReportsOnly: 'Only staff accounts read reports.',
  tierBelowView: 'Choose a tier below the viewed account.',
  userListNotAvailable: 'The user list is not available to a %{role}.',
  commissionWalletShort: 'Your wallet holds %{wallet} points; this commission needs %{needed}. Nothing was paid.',
  complaintNotFound: 'No message with this id.',
  logNotFound: 'No log entry with this id.',
  fieldMaxChars: '%{field} is %{max} characters at most',
  enquiryTypeOneOf: 'Enquiry type is one of %{types}',
  emailNotValid: 'Email is not a valid address',
  mobileDigits: 'Mobile is 7 to 20 digits',
  complaintStatusValue: 'Status is Pending, Completed or Cancelled',
  // Backups and Clear History (server/operations/backup.routes.ts, clearHistory.ts)
  backupsAdminsOnly: 'Backups are for admins only.',
  backupNotListed:
    'Backups are limited to the admins named in BACKUP_ADMINS on the server. To allow this account, add it there (BACKUP_ADMINS=%{username}, comma-separated with the others) and restart the server.',
  backupOwnerOnly:
    "A backup holds the whole database, every admin's accounts included, so it belongs to the installation's owner. This installation has %{admins} admins: to enable backups, set BACKUP_ADMINS=%{username} (the owner's usernames, comma-separated) on the server and restart it.",
  cloudTransferOff: 'Cloud transfer is not configured on this server (BACKUP_S3_URL is not set).',
  // Cloud Transfer's refusals (server/operations/s3Transfer.ts); store is "the S3 store at <endpoint>" or "S3"
  s3KeysRefused: 'Transfer failed: %{store} refused the keys (check BACKUP_S3_ACCESS_KEY_ID and BACKUP_S3_SECRET_ACCESS_KEY). Nothing was transferred.',
  s3NoKeys: 'Transfer failed: No S3 keys were found: set BACKUP_S3_ACCESS_KEY_ID and BACKUP_S3_SECRET_ACCESS_KEY. Nothing was transferred.',
  s3NoBucket: 'Transfer failed: %{store} has no bucket named "%{bucket}". Nothing was transferred.',
  s3Denied: 'Transfer failed: %{store} denied writing to %{where}. Nothing was transferred.',
  s3WrongRegion: 'Transfer failed: The bucket "%{bucket}" is not in region %{region} (check BACKUP_S3_REGION). Nothing was transferred.',
  s3Refused: 'Transfer failed: %{store} refused the upload (%{reason}). Nothing was transferred.',
  s3Unreachable: 'Transfer failed: %{store} could not be reached (%{reason}). Nothing was transferred.',
  s3Failed: 'Transfer failed: The upload to %{store} failed (%{reason}). Nothing was transferred.',
  selectModels: 'Select at least one model to clear',
  unknownModel: 'Unknown model. Known: %{models}.',
  unknownModelNamed: "Unknown model '%{model}'. Known: %{models}.",
  modelsList: 'models is a list of model names, such as ["ticket", "userlog"]. Known: %{models}.',
  tooManyModels: 'Too many models.',
  selectDates: 'Please select start and end date.',
  startAfterEnd: 'The start date is after the end date.',
  clearBreaksLedger: 'Clearing this history would break the ledger. Nothing was deleted.',
  // Games (server/games)
  playersOnly: 'Only players place bets.',
  noAdminAbove: 'No admin above this account.',
  balanceDecimals: 'A balance has at most 2 decimals (points are kept to the hundredth and never rounded): 1.005 is not a balance, 1.01 is.',
  noSettledRound: 'No settled round with this id.',
  nothingToUpdate: 'Nothing to update.',
  unknownPercentageRow: 'Unknown percentage row.',
  rowsNotYours: 'Some of these rows are not yours to change.',
  dateRangeNotValid: 'The date range is not valid.',
  noPlayerUnder: 'No player with this id under you.',
  staffHistoryOnly: 'Only staff accounts read game history.',
  runGamesOnly: 'Only the superadmin and admins run games.',
  noAdminAccount: 'No admin account with this id.',
  engineSuperadminOnly: 'The round engine status is for the superadmin.',
  betNeedsOption: 'A bet needs at least one option.',
  notAnOption: '"%{option}" is not an option of %{game}.',
  quantityRange: 'Quantity must be a whole number from 1 to %{max}.',
  imageTooLarge: 'Each image must be %{kb} KB at most.',
  imagesOnly: 'Only image files (PNG, JPEG, GIF or WebP) can be uploaded.',
  superadminGamesOnly: 'Only the superadmin manages games and times.',
  noGameWithId: 'No game found with the provided ID.',
  timeRequired: 'Time is required',
  gameImagesTooLarge: 'The images of one game may take %{mb} MB at most.',
  oneLogo: 'A game has one logo.',
  imagePerDigit: 'Upload one image per digit: %{count} images.',
  gameFieldsRequired: 'The game fields are required.',
  editGameLogoOnly: 'Edit Game takes a logo only; images are given when the game is added.',
  noSuchImage: 'No such image.',
  timeExists: 'This time already exists.',
  timeSecondsRequired: 'Time in seconds is required',
  timeWholeSeconds: 'Time is whole seconds',
  timeAtLeast: 'Time is %{min} seconds at least',
  timeAtMost: 'Time is %{max} seconds at most',
  balanceAboveZero: 'Please enter a valid balance greater than 0.',
  resultNotValid: 'Please enter a valid result.',
  boosterValue: 'The booster is 1 or 2.',
  consoleIdsRequired: 'adminId and gameId are required.',
  balanceType: 'type is add or remove',
  drawqtyNumber: 'drawqty must be a number',
  drawsList: 'draws must be a list of drawno and drawqty',
  tooManyOptions: 'Too many options in one bet',
  winPercentageRange: 'Win percentage must be a number from 1 to 100.',
  updatesList: 'updates must be a list of id and winpercentage',
  tooManyRows: 'Too many rows at once.',
  // What the database refuses
  insufficientBalance: 'Insufficient balance.',
  receiverInactive: 'The receiving account is not active.',
  idempotencyReused: 'This Idempotency-Key was already used for a different request.',
  nulCharacter: 'Text may not contain NUL characters.',
  emailTaken: 'This email is already in use.',
  phoneTaken: 'This phone number is already in use.',
  duplicate: 'This record already exists.',
  walletMax: 'This amount would take the balance above the largest an account can hold.',
  invalidValue: 'Invalid value.',
  // Transport
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  addressTooLong: 'The address is too long.',
  addressMalformed: 'The address is malformed.',
  noRoute: 'No API route %{method} %{url}',
  notFound: 'Not found',
  somethingWrong: 'Something went wrong',
} as const;

export type MessageCode = keyof typeof MESSAGES;
export type MessageParams = Record<string, string | number>;

export interface CodedMessage {
  code: MessageCode;
  params: MessageParams;
  /** The English text, for logs, curl users and clients that do not translate. */
  message: string;
}

export const interpolate = (text: string, params: MessageParams = {}): string =>
  text.replace(/%\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));

/** The message of a code, with its English text. */
export function msg(code: MessageCode, params: MessageParams = {}): CodedMessage {
  return { code, params, message: interpolate(MESSAGES[code], params) };
}

export const isMessageCode = (v: unknown): v is MessageCode => typeof v === 'string' && Object.hasOwn(MESSAGES, v);
