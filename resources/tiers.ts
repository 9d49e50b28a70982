/**
 * The account tiers: the chain and the system kinds, in menu order. This table is where a role
 * name exists: `Role` and `StaffRole` are derived from it, so a new tier is one more entry here.
 */
import type { ColumnDef, ExportColumn, FieldDef, FieldName, FieldType, RowAction, TierCommission, TierDefOf, TierFlags } from '../domain/tiers';

type AnyTier = TierDefOf<string>;

/** Keeps an entry's role, parent, kind and commission column as literal types, for the types derived below. */
const tier = <R extends string, P extends string | null, K extends 'chain' | 'system', C extends string = never>(
  t: AnyTier & { role: R; parent: P; kind: K; commission?: TierCommission<C> },
) => t;

const USER_UPDATED = 'User updated successfully!';

const req = (name: FieldName, label: string, type: FieldType, requiredMessage?: string): FieldDef => ({
  name,
  label,
  type,
  required: true,
  ...(requiredMessage ? { requiredMessage } : {}),
});
const opt = (name: FieldName, label: string, type: FieldType): FieldDef => ({ name, label, type });

/** The full profile, every field required: admin forms and gift/loan edit. */
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
  // Beyond the product's own columns: an operator needs to see a deactivated account before opening it.
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
const chainTier = <R extends string, P extends string, C extends string = never>(t: {
  role: R;
  api: string;
  parent: P;
  usernamePrefix: string;
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
  /** The edit form requires password and PIN again (area manager edit does). */
  editRequiresSecrets?: boolean;
  flags?: TierFlags;
  commission?: TierCommission<C>;
}) =>
  tier({
  ...(t.flags ? { flags: t.flags } : {}),
  ...(t.commission ? { commission: t.commission } : {}),
  role: t.role,
  api: t.api,
  path: t.role,
  parent: t.parent,
  kind: 'chain' as const,
  usernamePrefix: t.usernamePrefix,
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
    ...secrets(t.editRequiresSecrets === true),
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
const systemTier = <R extends string>(role: R, plural: string, usernamePrefix: string) =>
  tier({
  role,
  api: `/${role}`,
  path: role,
  parent: 'superadmin' as const,
  kind: 'system' as const,
  usernamePrefix,
  labels: {
    plural,
    singular: plural,
    // The product uses 'Edit Gift' as the title of the loan edit form too.
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
  // Gift and loan edit require the full profile with password and PIN; OTC keeps the light one.
  editFields: role === 'otc' ? [...lightProfile, ...secrets(false), req('userStatus', 'Status', 'status')] : [...fullProfile(), ...secrets(true)],
  });

const TABLE = [
  tier({
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
  }),
  tier({
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
    flags: { runsGames: true, showsParentWallet: true },
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
      // Date of Birth is asked at once (optional here) because Edit Admin requires it.
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
      // The superadmin's grant to this admin of backing up and restoring the whole installation (stored, logged, revocable).
      opt('mayBackup', 'May back up and restore the whole installation', 'checkbox'),
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
  }),
  chainTier({
    role: 'superareamanager',
    commission: { column: 'supercom', label: 'Super', exportLabel: 'Super Commission' },
    api: '/superareamanager',
    parent: 'admin',
    usernamePrefix: 'SAM',
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
    commission: { column: 'distcom', label: 'Distributor', exportLabel: 'Distributor Commission' },
    api: '/areamanager',
    parent: 'superareamanager',
    usernamePrefix: 'AM',
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
    editRequiresSecrets: true,
  }),
  chainTier({
    role: 'master',
    commission: { column: 'retailcom', label: 'Retailer', exportLabel: 'Retailer Commission' },
    api: '/master',
    flags: { signupParent: true },
    parent: 'areamanager',
    usernamePrefix: 'MS',
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
    commission: { column: 'usercom', label: 'User' },
    api: '/player',
    parent: 'master',
    usernamePrefix: 'PL',
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
] as const;

type Entry = (typeof TABLE)[number];
/** Every account role, in the table's order. */
export type Role = Entry['role'];
/** The roles of the back office: the chain tiers something hangs under (the chain's leaf logs into the game). */
export type StaffRole = NonNullable<Extract<Entry, { kind: 'chain' }>['parent']>;
/** The turnover row's commission fields, as the tiers declare them. */
export type CommissionColumn = NonNullable<Entry['commission']>['column'];

/** The table with each entry's role names narrowed to `Role` (createHierarchy checks them at start). */
export const TIERS = TABLE as readonly AnyTier[] as readonly TierDefOf<Role>[];

