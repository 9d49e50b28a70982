import type { FastifyReply } from 'fastify';
import { coded } from './errors';

/**
 * List query parameters as the API accepts them: the back office's own `page`/`perPage`/`sort`/`order`/`search`,
 * and react-admin simple-rest's `sort=["f","ASC"]`, `range=[0,9]`, `filter={"q":"..."}`.
 */
export interface ListQuery {
  page?: unknown;
  perPage?: unknown;
  limit?: unknown;
  sort?: unknown;
  order?: unknown;
  search?: unknown;
  username?: unknown;
  q?: unknown;
  range?: unknown;
  filter?: unknown;
}

export interface ListOptions<S extends string> {
  /** The only fields a caller may sort by: a sort key never reaches SQL unless it is listed here. */
  sortable: readonly S[];
  defaultSort: S;
  defaultOrder?: 'ASC' | 'DESC';
  /** Rows answered when no paging is asked for (the API's bare lists, for clients that send no paging). */
  maxBare: number;
  maxPerPage: number;
  defaultPerPage?: number;
}

export interface ListPage<S extends string> {
  limit: number;
  offset: number;
  sort: S;
  order: 'ASC' | 'DESC';
  search?: string;
}

const MAX_SEARCH = 100;

function json(name: string, raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    throw coded(400, 'badJson', { name }, name);
  }
}

const positiveInt = (v: unknown, d: number): number => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : d;
};

const firstText = (...vs: unknown[]): string | undefined => {
  const s = vs.find((v) => typeof v === 'string' && v.trim() !== '') as string | undefined;
  return s === undefined ? undefined : s.trim().slice(0, MAX_SEARCH);
};

/** Paging, a whitelisted sort and the search text of one list call; 400 on a sort or order it does not know. */
export function parseListQuery<S extends string>(p: ListQuery, o: ListOptions<S>): ListPage<S> {
  let sortRaw: unknown = p.sort;
  let orderRaw: unknown = p.order;
  if (typeof p.sort === 'string' && p.sort.trim().startsWith('[')) {
    const s = json('sort', p.sort);
    if (!Array.isArray(s) || typeof s[0] !== 'string') throw coded(400, 'badSortPair', {}, 'sort');
    [sortRaw, orderRaw] = [s[0], s[1] ?? orderRaw];
  }
  const sortName = typeof sortRaw === 'string' && sortRaw !== '' ? sortRaw : o.defaultSort;
  if (!(o.sortable as readonly string[]).includes(sortName)) throw coded(400, 'unknownSort', { sort: sortName }, 'sort');
  const order = typeof orderRaw === 'string' ? orderRaw.toUpperCase() : (o.defaultOrder ?? 'DESC');
  if (order !== 'ASC' && order !== 'DESC') throw coded(400, 'badOrder', {}, 'order');

  let limit: number;
  let offset: number;
  if (typeof p.range === 'string' && p.range !== '') {
    const r = json('range', p.range);
    if (!Array.isArray(r) || r.length !== 2 || !r.every((n) => Number.isInteger(n) && n >= 0) || r[1] < r[0])
      throw coded(400, 'badRange', {}, 'range');
    offset = r[0];
    limit = Math.min(r[1] - r[0] + 1, o.maxPerPage);
  } else {
    const per = p.perPage ?? p.limit;
    limit = per === undefined ? o.maxBare : Math.min(positiveInt(per, o.defaultPerPage ?? 25), o.maxPerPage);
    offset = (positiveInt(p.page, 1) - 1) * limit;
  }

  let filterQ: unknown;
  if (typeof p.filter === 'string' && p.filter !== '') {
    const f = json('filter', p.filter);
    if (typeof f !== 'object' || f === null || Array.isArray(f)) throw coded(400, 'badFilter', {}, 'filter');
    const fo = f as Record<string, unknown>;
    filterQ = fo.q ?? fo.search ?? fo.username;
  }
  const search = firstText(p.search, p.username, p.q, filterQ);
  return { limit, offset, sort: sortName as S, order, ...(search ? { search } : {}) };
}

/** `Content-Range: {resource} {first}-{last}/{total}` (simple-rest reads the total from it), with X-Total-Count. */
export function contentRange(resource: string, offset: number, count: number, total: number): string {
  const end = Math.max(offset + count - 1, offset);
  return `${resource} ${offset}-${end}/${total}`;
}

/** One page of rows a report has computed whole (its totals are over every row). */
export const pageOfRows = <T>(rows: readonly T[], q: { page: number; limit: number }): T[] => rows.slice((q.page - 1) * q.limit, q.page * q.limit);

/** Sends the paging headers of a list page and answers its envelope. */
export function sendPage<T>(reply: FastifyReply, resource: string, page: { data: T[]; total: number; offset: number }) {
  reply.header('X-Total-Count', String(page.total));
  reply.header('Content-Range', contentRange(resource, page.offset, page.data.length, page.total));
  reply.header('Access-Control-Expose-Headers', 'X-Total-Count, Content-Range');
  return { success: true as const, data: page.data, total: page.total };
}
