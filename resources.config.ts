/**
 * The registry: the one place an account tier (and every other screen resource) is declared.
 * The server builds each tier's whole route family from it; the client builds its <Resource>s,
 * menus, lists, forms and exports from it. Adding a tier is editing this file and its i18n strings.
 *
 * Pure data: nothing here imports React or Node.
 */

export const ROLES = [
  'superadmin',
  'admin',
  'superareamanager',
  'areamanager',
  'master',
  'player',
  'gift',
  'loan',
  'otc',
] as const;
export type Role = (typeof ROLES)[number];

/** Roles that log into the back office (everyone but the player and the system kinds). */
export type StaffRole = 'superadmin' | 'admin' | 'superareamanager' | 'areamanager' | 'master';

export type FieldName =
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'phone'
  | 'dateOfBirth'
  | 'commissionAmount'
  | 'commission'
  | 'country'
  | 'state'
  | 'city'
  | 'address'
  | 'pinCode'
  | 'occupation'
  | 'password'
  | 'pin'
  | 'refId'
  | 'userStatus'
  | 'games'
  | 'note';

export type FieldType =
  | 'text'
  | 'email'
  | 'number'
  | 'date'
  | 'password'
  | 'country'
  | 'state'
  | 'city'
  | 'reference'
  | 'status'
  | 'games'
  | 'textarea';

export interface FieldDef {
  name: FieldName;
  /** The label shown, also used by the '{Field} is required' message. */
  label: string;
  type: FieldType;
  required?: boolean;
  /** A message other than '{label} is required' (the spec's own wording). */
  requiredMessage?: string;
}

export type ColumnSource =
  | 'username'
  | 'refId'
  | '_id'
  | 'walletBalance'
  | 'games'
  | 'createdAt'
  | 'isLoggedIn'
  | 'lastLogin'
  | 'commission'
  | 'userStatus';

export interface ColumnDef {
  source: ColumnSource;
  label: string;
  sortable?: boolean;
}

export interface ExportColumn {
  source: ColumnSource;
  label: string;
  width: number;
}

export type RowAction = 'edit' | 'credittransfer' | 'creditadjust' | 'toggle' | 'delete' | 'logout';

export interface TierDef {
  role: Role;
  /** API base of the account family, exactly as the spec's table. */
  api: string;
  /** Route segment under the role prefix (`/{role}/{path}`); absent for tiers without screens. */
  path?: string;
  /** The tier this one's accounts hang under. */
  parent: Role | null;
  /** chain: the six-level hierarchy; system: gift/loan/otc accounts kept by the superadmin. */
  kind: 'chain' | 'system';
  /** Prefix of the usernames the server generates (prefix + sequence). */
  usernamePrefix: string;
  /** The older API name of the level (superdistributor, distributor, retailer). */
  apiAlias?: string;
  labels: {
    /** Menu and list title. */
    plural: string;
    singular: string;
    add?: string;
    /** The Add button on a parent's details page. */
    addChild?: string;
    /** Edit title; `{name}` is the record's username. */
    edit: string;
    transfer: string;
    adjust: string;
  };
  messages: {
    createFailed: string;
    /** Shown after an edit is saved. */
    updateSuccess: string;
    deleteSuccess: string;
    deleteFailed: string;
  };
  /** Hidden role value the create form sends (spec section 3). */
  formRole: Role;
  list: {
    columns: ColumnDef[];
    search: boolean;
    actions: RowAction[];
    /** No create button. */
    readOnly?: boolean;
  };
  createFields: FieldDef[];
  editFields: FieldDef[];
  export?: {
    file: string;
    sheet: string;
    /** File name when the list is a parent's children (e.g. under an admin). */
    childFile?: string;
    columns: ExportColumn[];
  };
}

const USER_UPDATED = 'User updated successfully!';

const req = (name: FieldName, label: string, type: FieldType, requiredMessage?: string): FieldDef => ({
  name,
  label,
  type,
  required: true,
  ...(requiredMessage ? { requiredMessage } : {}),
});
const opt = (name: FieldName, label: string, type: FieldType): FieldDef => ({ name, label, type });

/** The full profile, every field required: admin forms and gift/loan edit (spec section 5). */
const fullProfile = (refLabel = 'Reference'): FieldDef[] => [
  req('firstName', 'First Name', 'text'),
  req('lastName', 'Last Name', 'text'),
  req('email', 'Email', 'email'),
  req('phone', 'Phone number', 'number'),
  req('dateOfBirth', 'Date of Birth', 'date'),
  req('country', 'Country', 'country'),
  req('state', 'State', 'state'),
  req('city', 'City', 'city'),
  req('address', 'Address', 'text'),
  req('pinCode', 'PIN Code', 'number'),
  req('refId', refLabel, 'reference'),
  req('userStatus', 'Status', 'status'),
];

/** The light profile of the lower tiers: only password, PIN and reference are required. */
const lightProfile: FieldDef[] = [
  opt('firstName', 'First Name', 'text'),
  opt('lastName', 'Last Name', 'text'),
  opt('email', 'Email', 'email'),
  opt('phone', 'Phone number', 'number'),
  opt('dateOfBirth', 'Date of Birth', 'date'),
  opt('country', 'Country', 'country'),
  opt('state', 'State', 'state'),
  opt('city', 'City', 'city'),
  opt('address', 'Address', 'text'),
  opt('pinCode', 'PIN Code', 'number'),
  opt('occupation', 'Occupation', 'text'),
  req('refId', 'Reference', 'reference'),
];

const secrets = (required: boolean): FieldDef[] =>
  required
    ? [req('password', 'Password', 'password'), req('pin', 'PIN', 'password')]
    : [opt('password', 'Password', 'password'), opt('pin', 'PIN', 'password')];

const baseColumns: ColumnDef[] = [
  { source: 'username', label: 'UserName', sortable: true },
  { source: 'refId', label: 'Refer ID' },
  { source: '_id', label: 'Unique Id', sortable: true },
  { source: 'walletBalance', label: 'Points', sortable: true },
  { source: 'createdAt', label: 'Date & Time', sortable: true },
  // Not in the spec's tables: an operator needs to see a deactivated account before opening it.
  { source: 'userStatus', label: 'Status', sortable: true },
];

const baseExport: ExportColumn[] = [
  { source: 'username', label: 'UserName', width: 30 },
  { source: 'refId', label: 'Refer ID', width: 30 },
  { source: '_id', label: 'Unique ID', width: 30 },
  { source: 'walletBalance', label: 'Points', width: 15 },
  { source: 'createdAt', label: 'Date & Time', width: 25 },
];

const chainActions: RowAction[] = ['edit', 'credittransfer', 'creditadjust', 'toggle', 'delete'];

/** A lower chain tier: they differ only in data. */
const chainTier = (t: {
  role: Role;
  api: string;
  parent: Role;
  usernamePrefix: string;
  apiAlias: string;
  plural: string;
  singular: string;
  add: string;
  addChild: string;
  edit: string;
  createFailed: string;
  deleteSuccess: string;
  deleteFailed: string;
  exportFile: string;
  exportSheet: string;
  childExportFile?: string;
  extraColumns?: ColumnDef[];
  extraExport?: ExportColumn[];
  extraActions?: RowAction[];
  createFields?: FieldDef[];
  editFields?: FieldDef[];
}): TierDef => ({
  role: t.role,
  api: t.api,
  path: t.role,
  parent: t.parent,
  kind: 'chain',
  usernamePrefix: t.usernamePrefix,
  apiAlias: t.apiAlias,
  labels: {
    plural: t.plural,
    singular: t.singular,
    add: t.add,
    addChild: t.addChild,
    edit: t.edit,
    transfer: `${t.singular} Credit Transfer`,
    adjust: `${t.singular} Credit Adjust`,
  },
  messages: { createFailed: t.createFailed, updateSuccess: USER_UPDATED, deleteSuccess: t.deleteSuccess, deleteFailed: t.deleteFailed },
  formRole: t.role,
  list: {
    columns: [...baseColumns, ...(t.extraColumns ?? [])],
    search: true,
    actions: [...chainActions, ...(t.extraActions ?? [])],
  },
  createFields: t.createFields ?? [...lightProfile, opt('commission', 'Commission', 'number'), ...secrets(true), opt('userStatus', 'Status', 'status')],
  editFields: t.editFields ?? [
    ...lightProfile,
    opt('commission', 'Commission', 'number'),
    ...secrets(false),
    req('userStatus', 'Status', 'status'),
    opt('note', 'Note', 'textarea'),
  ],
  export: {
    file: t.exportFile,
    sheet: t.exportSheet,
    ...(t.childExportFile ? { childFile: t.childExportFile } : {}),
    columns: [...baseExport, ...(t.extraExport ?? [])],
  },
});

/** A system account kind kept by the superadmin: read-only table, edit/transfer/adjust per row. */
const systemTier = (role: Role, plural: string, usernamePrefix: string): TierDef => ({
  role,
  api: `/${role}`,
  path: role,
  parent: 'superadmin',
  kind: 'system',
  usernamePrefix,
  labels: {
    plural,
    singular: plural,
    // The spec uses 'Edit Gift' as the title of the loan edit form too.
    edit: role === 'otc' ? 'Edit OTC' : 'Edit Gift',
    transfer: `${plural} Credit Transfer`,
    adjust: `${plural} Credit Adjust`,
  },
  messages: {
    createFailed: 'Something went wrong',
    updateSuccess: USER_UPDATED,
    deleteSuccess: `${role} deleted successfully.`,
    deleteFailed: 'Something went wrong',
  },
  formRole: 'areamanager',
  list: { columns: baseColumns, search: false, actions: ['edit', 'credittransfer', 'creditadjust'], readOnly: true },
  createFields: [...fullProfile(), ...secrets(true)],
  editFields: role === 'otc' ? [...lightProfile, ...secrets(false), req('userStatus', 'Status', 'status')] : [...fullProfile(), ...secrets(false)],
});

export const TIERS: readonly TierDef[] = [
  {
    role: 'superadmin',
    api: '/superadmins',
    parent: null,
    kind: 'chain',
    usernamePrefix: 'SA',
    labels: { plural: 'Superadmins', singular: 'Superadmin', edit: 'Edit Profile', transfer: 'Credit Transfer', adjust: 'Generate or Burn Points' },
    messages: { createFailed: 'Something went wrong', updateSuccess: USER_UPDATED, deleteSuccess: 'superadmin deleted successfully.', deleteFailed: 'Something went wrong' },
    formRole: 'superadmin',
    list: { columns: baseColumns, search: false, actions: [], readOnly: true },
    createFields: [...fullProfile(), ...secrets(true)],
    editFields: [...lightProfile.filter((f) => f.name !== 'refId'), ...secrets(false)],
  },
  {
    role: 'admin',
    api: '/admins',
    path: 'admin',
    parent: 'superadmin',
    kind: 'chain',
    usernamePrefix: 'AD',
    labels: {
      plural: 'Admin',
      singular: 'Admin',
      add: 'Add Admin',
      edit: 'Edit Admin',
      transfer: 'Admin Credit Transfer',
      adjust: 'Admin Credit Adjust',
    },
    messages: {
      createFailed: 'Failed to create admin.',
      updateSuccess: 'Admin updated successfully!',
      deleteSuccess: 'Admin deleted successfully.',
      deleteFailed: 'Failed to delete admin.',
    },
    formRole: 'admin',
    list: {
      columns: [
        { source: 'username', label: 'UserName', sortable: true },
        { source: 'refId', label: 'Refer ID' },
        { source: '_id', label: 'Unique ID', sortable: true },
        { source: 'walletBalance', label: 'Points', sortable: true },
        { source: 'games', label: 'Games' },
        { source: 'createdAt', label: 'Date & Time', sortable: true },
        { source: 'userStatus', label: 'Status', sortable: true },
      ],
      search: true,
      actions: chainActions,
    },
    createFields: [
      // Date of Birth is asked at once (optional here) because Edit Admin requires it (spec section 5).
      ...fullProfile()
        .filter((f) => f.name !== 'refId' && f.name !== 'userStatus')
        .map((f) => (f.name === 'dateOfBirth' ? opt('dateOfBirth', 'Date of Birth', 'date') : f)),
      req('commissionAmount', 'Commission', 'number'),
      ...secrets(true),
      req('refId', 'Reference', 'reference'),
      req('userStatus', 'Status', 'status'),
      opt('games', 'Games', 'games'),
    ],
    editFields: [
      ...fullProfile().filter((f) => f.name !== 'refId' && f.name !== 'userStatus'),
      opt('commission', 'Commission', 'number'),
      ...secrets(false),
      req('refId', 'Reference', 'reference'),
      req('userStatus', 'Status', 'status'),
      opt('games', 'Games', 'games'),
    ],
    export: {
      file: 'AdminsList.xlsx',
      sheet: 'Admins',
      columns: [
        { source: 'username', label: 'UserName', width: 30 },
        { source: 'refId', label: 'Refer ID', width: 30 },
        { source: '_id', label: 'Unique ID', width: 30 },
        { source: 'walletBalance', label: 'Points', width: 15 },
        { source: 'games', label: 'Games', width: 40 },
        { source: 'createdAt', label: 'Date & Time', width: 25 },
      ],
    },
  },
  chainTier({
    role: 'superareamanager',
    api: '/superareamanager',
    parent: 'admin',
    usernamePrefix: 'SAM',
    apiAlias: 'superdistributor',
    plural: 'Super Area Manager',
    singular: 'Super Area Manager',
    add: 'Add Super Area Manager',
    addChild: 'Add Super Area manager',
    edit: 'Edit Super Area Manager :- {name}',
    createFailed: 'Failed to create super area manager.',
    deleteSuccess: 'superareamanager deleted successfully.',
    deleteFailed: 'Failed to delete SuperDistributors.',
    exportFile: 'superareamanagerList.xlsx',
    exportSheet: 'Super Area Manager',
    childExportFile: 'SuperDistributorsList.xlsx',
  }),
  chainTier({
    role: 'areamanager',
    api: '/areamanager',
    parent: 'superareamanager',
    usernamePrefix: 'AM',
    apiAlias: 'distributor',
    plural: 'Area Manager',
    singular: 'Area Manager',
    add: 'Add Area Managers',
    addChild: 'Add Area Manager',
    edit: 'Edit Area Manager :- {name}',
    createFailed: 'Failed to create area manager.',
    deleteSuccess: 'areamanager deleted successfully.',
    deleteFailed: 'Something went wrong',
    exportFile: 'areamanagerList.xlsx',
    exportSheet: 'Area Manager',
  }),
  chainTier({
    role: 'master',
    api: '/master',
    parent: 'areamanager',
    usernamePrefix: 'MS',
    apiAlias: 'retailer',
    plural: 'Master',
    singular: 'Master',
    add: 'Add Master',
    addChild: 'Add Masters',
    edit: 'Edit Master :- {name}',
    createFailed: 'Failed to create master.',
    deleteSuccess: 'master deleted successfully.',
    deleteFailed: 'Failed to delete master.',
    exportFile: 'masterList.xlsx',
    exportSheet: 'Master',
  }),
  chainTier({
    role: 'player',
    api: '/player',
    parent: 'master',
    usernamePrefix: 'PL',
    apiAlias: 'user',
    plural: 'Player',
    singular: 'Player',
    add: 'Add Player',
    addChild: 'Add Player',
    edit: 'Edit Player : {name}',
    createFailed: 'Failed to create player.',
    deleteSuccess: 'player deleted successfully.',
    deleteFailed: 'Failed to delete player.',
    exportFile: 'playersList.xlsx',
    exportSheet: 'player',
    extraColumns: [
      { source: 'isLoggedIn', label: 'Is Online', sortable: true },
      { source: 'lastLogin', label: 'Last Login', sortable: true },
    ],
    extraExport: [
      { source: 'isLoggedIn', label: 'Is Online', width: 12 },
      { source: 'lastLogin', label: 'Last Login', width: 25 },
    ],
    extraActions: ['logout'],
  }),
  systemTier('gift', 'Gift', 'GIFT'),
  systemTier('loan', 'Loan', 'LOAN'),
  systemTier('otc', 'OTC', 'OTC'),
];

export const tierOf = (role: Role): TierDef => {
  const t = TIERS.find((x) => x.role === role);
  if (!t) throw new Error(`unknown tier ${role}`);
  return t;
};

/** The chain, highest first: the order every hierarchy rule reads. */
export const CHAIN: readonly Role[] = TIERS.filter((t) => t.kind === 'chain').map((t) => t.role);

/** The tier directly below a role in the chain (null for the player). */
export const childTierOf = (role: Role): TierDef | null => TIERS.find((t) => t.kind === 'chain' && t.parent === role) ?? null;

/** Pages that are not account tiers, and the roles whose menu shows them (spec section 2). */
export interface PageDef {
  key: string;
  label: string;
  /** Roles whose menu lists it. */
  menu: StaffRole[];
  /** Roles that may open the route without a menu entry (the spec's route tables). */
  routeOnly?: StaffRole[];
  /** The capability (issue) that builds the screen; the client hides pages it does not have yet. */
  area: 'accounts' | 'games' | 'reports' | 'operations';
}

const ALL_STAFF: StaffRole[] = ['superadmin', 'admin', 'superareamanager', 'areamanager', 'master'];
const BELOW_ADMIN: StaffRole[] = ['superareamanager', 'areamanager', 'master'];

export const PAGES: readonly PageDef[] = [
  { key: 'dashboard', label: 'Dashboard', menu: ALL_STAFF, area: 'accounts' },
  { key: 'timemaster', label: 'Time Master', menu: ['superadmin'], area: 'games' },
  { key: 'gamemaster', label: 'Game Master', menu: ['superadmin'], area: 'games' },
  { key: 'onlineplayers', label: 'Online Players', menu: ALL_STAFF, area: 'reports' },
  { key: 'gamehistory', label: 'Game History', menu: ALL_STAFF, area: 'reports' },
  { key: 'winpercentage', label: 'Win Percentage', menu: ['superadmin', 'admin'], routeOnly: BELOW_ADMIN, area: 'games' },
  { key: 'turnoverreport', label: 'Turnover Report', menu: ['superadmin', ...BELOW_ADMIN], area: 'reports' },
  { key: 'revenuereport', label: 'Revenue Report', menu: ['admin'], area: 'reports' },
  { key: 'transactionreport', label: 'Transaction Report', menu: ALL_STAFF, area: 'reports' },
  { key: 'commissionpayoutReport', label: 'Commission Payout Report', menu: ALL_STAFF, area: 'reports' },
  { key: 'admincommissionreport', label: 'Admin Commission Report', menu: ['superadmin', 'admin'], area: 'reports' },
  { key: 'commission', label: 'Commission', menu: ['admin'], area: 'reports' },
  { key: 'logactivities', label: 'Log Activities', menu: ['superadmin', 'admin'], routeOnly: BELOW_ADMIN, area: 'operations' },
  { key: 'backups', label: 'Backups', menu: ['admin'], area: 'operations' },
  { key: 'clearhistory', label: 'Clear History', menu: ['admin'], area: 'operations' },
  { key: 'contactus', label: 'Contact Us', menu: ['superadmin', 'admin'], area: 'operations' },
  { key: 'profile', label: 'Profile', menu: ALL_STAFF, area: 'accounts' },
];

/** The seven games of the live consoles, with the spec's ids. */
export const GAMES = [
  { gameId: 'MNOQqWWi', gameName: 'Fun Target', nodigit: 10, time: 60 },
  { gameId: 'vwRORrGO', gameName: 'Fun Roullet', nodigit: 38, time: 60 },
  { gameId: 'zuuhVbBM', gameName: 'Triple Fun', nodigit: 1000, time: 120 },
  { gameId: 'qZicXikM', gameName: 'Andhar Bahar', nodigit: 13, time: 60 },
  { gameId: 'qZicXikT', gameName: 'Titli Sorrat', nodigit: 12, time: 60 },
  { gameId: 'qZicXibb', gameName: 'Bingo', nodigit: 25, time: 60 },
  { gameId: 'acqOpdff', gameName: 'Fun Timer', nodigit: 10, time: 60 },
] as const;

/**
 * Fields an account may change on itself (Edit Profile): never its status, reference,
 * commission or games, which belong to the account above it. Passwords change through
 * auth/chnagepassword, which asks for the old one.
 */
export const PROFILE_FIELDS: readonly FieldName[] = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'dateOfBirth',
  'country',
  'state',
  'city',
  'address',
  'pinCode',
  'occupation',
  'note',
];

/**
 * The dashboard's count cards, in the spec's order, with the field of GET counts/usercount each
 * reads (the API keeps the older names: superdistributor, distributor, retailer).
 */
export const DASHBOARD_COUNTS = [
  { tier: 'player', field: 'count', label: 'Player' },
  { tier: 'superareamanager', field: 'countSuperDistributors', label: 'Super Area manager' },
  { tier: 'areamanager', field: 'countDistributors', label: 'Area Manager' },
  { tier: 'master', field: 'countRetailers', label: 'Master' },
] as const satisfies readonly { tier: Role; field: string; label: string }[];
export type CountField = (typeof DASHBOARD_COUNTS)[number]['field'];

/** Landing page of each role after login (a player lands on /). */
export const landingPath = (role: Role): string => (role === 'player' ? '/' : `/${role}/dashboard`);

export const SESSION_MINUTES = 30;
