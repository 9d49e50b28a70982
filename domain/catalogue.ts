import type { FieldError } from './api';

/**
 * The shapes of the registry's catalogue resources (games and times): REST resources of the
 * superadmin whose screens (list, form, export) are generated from their declaration, as the tiers'.
 */

export type CatalogueColumnType = 'index' | 'text' | 'number' | 'seconds' | 'status' | 'date';

export interface CatalogueColumn<F extends string> {
  source: F | 'no';
  label: string;
  type: CatalogueColumnType;
  sortable?: boolean;
}

export type CatalogueFieldType = 'text' | 'number' | 'date' | 'textarea' | 'time' | 'status' | 'yesno' | 'images' | 'logo' | 'readonly';

export interface CatalogueField<F extends string> {
  name: F;
  label: string;
  type: CatalogueFieldType;
  /** Shown for the field until the operator sets it. */
  defaultValue?: string;
}

export interface CatalogueDefOf<P extends string, F extends string> {
  /** The page key (route segment) of its screens; the page entry says which roles see it. */
  page: P;
  /** The REST base under /api (simple-rest: GET base, GET/PUT/DELETE base/{id}, POST base). */
  api: string;
  labels: { add: string; edit?: string; empty: string; notFound?: string };
  list: { columns: CatalogueColumn<F>[]; toggle?: boolean; remove?: boolean; edit?: boolean };
  createFields: CatalogueField<F>[];
  editFields?: CatalogueField<F>[];
  export?: { file: string; sheet: string; columns: { source: F; label: string; width: number }[] };
  /** The record's display name in dialogs and messages. */
  nameField: F;
  /** The form's rule (domain/), the same the server applies; errors in the form's order. */
  validate: (input: Record<string, unknown>, mode: 'create' | 'edit') => FieldError[];
  messages: { createFailed: string; updateFailed?: string };
}
