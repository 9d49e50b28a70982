/**
 * The shapes of the registry's data. The registry (resources.config.ts) declares the tiers with
 * these types; the role names are the registry's, so the tier shapes take them as a parameter and
 * domain never needs to import the registry.
 */


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
  | 'note'
  | 'mayBackup';

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
  | 'textarea'
  | 'checkbox';

export interface FieldDef {
  name: FieldName;
  /** The label shown, also used by the '{Field} is required' message. */
  label: string;
  type: FieldType;
  required?: boolean;
  /** A message other than '{label} is required' (the product's own wording). */
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

/** What a tier does beyond its place in the chain; read instead of comparing role names. */
export interface TierFlags {
  /** Its accounts are assigned games (and hold the game list). */
  runsGames?: boolean;
  /** Public signup hangs new accounts under an account of this tier. */
  signupParent?: boolean;
  /** Its records show the parent's wallet balance next to the reference. */
  showsParentWallet?: boolean;
}

/**
 * A tier's commission: the turnover row's field it feeds (the API's name, e.g. `supercom`) and that
 * column's headings. Which tier feeds which column is this data, never a tier's place in the chain.
 */
export interface TierCommission<C extends string = string> {
  readonly column: C;
  /** The report table's heading. */
  readonly label: string;
  /** The spreadsheet's heading; absent: the export leaves the column out. */
  readonly exportLabel?: string;
}

export interface TierDefOf<R extends string> {
  flags?: TierFlags;
  role: R;
  /** The commission this tier earns and the turnover column it feeds; absent: it earns none. */
  commission?: TierCommission;
  /** API base of the account family, exactly as the API's clients call it. */
  api: string;
  /** Route segment under the role prefix (`/{role}/{path}`); absent for tiers without screens. */
  path?: string;
  /** The tier this one's accounts hang under. */
  parent: R | null;
  /** chain: the six-level hierarchy; system: gift/loan/otc accounts kept by the superadmin. */
  kind: 'chain' | 'system';
  /** Prefix of the usernames the server generates (prefix + sequence). */
  usernamePrefix: string;
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
  /** Hidden role value the create form sends: the tier's role as the API names it. */
  formRole: R;
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

/** Pages that are not account tiers, and the roles whose menu shows them. */
export interface PageDefOf<S extends string> {
  key: string;
  label: string;
  /** Roles whose menu lists it. */
  menu: readonly S[];
  /** Roles that may open the route without a menu entry (Win Percentage and Log Activities for the tiers below admin). */
  routeOnly?: readonly S[];
  /** The area of the product that builds the screen; the client hides pages it does not have yet. */
  area: 'accounts' | 'games' | 'reports' | 'operations';
}
