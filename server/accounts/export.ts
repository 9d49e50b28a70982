import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { AccountRecord, ColumnSource, TierDef } from '../../resources.config';
import type { Caller } from '../access/caller';
import type { Queryable } from '../db/client';
import { notFound } from '../http/errors';
import { walkRows } from './keysetWalk';
import { countRows } from './repository';
import { toAccountRecord } from './serialize';
import { listFilterOf, pageOf, type ListParams, type ListScope } from './service';

/**
 * Accounts per keyset read: large enough that a walk of 100,000 players is a few dozen statements,
 * small enough that a batch (and its text, before the socket takes it) stays a megabyte or two.
 */
export const EXPORT_BATCH = 2000;

/** A list's export: how many rows it will answer, and the rows themselves as NDJSON text, batch by batch. */
export interface TierExport {
  total: number;
  lines: AsyncGenerator<string>;
}

/** The part of a record its sheet reads: the fields of the registry's export columns, and the id. */
function project(rec: AccountRecord, fields: readonly ColumnSource[]): Partial<AccountRecord> {
  const out: Record<string, unknown> = {};
  for (const f of fields) out[f] = rec[f];
  return out as Partial<AccountRecord>;
}

/**
 * The whole of a tier list, with the list's own filter, scope, search and sort (the paging of the
 * query is ignored), for its spreadsheet: one account per line in the list's order, read by a
 * keyset walk. The caller's rights are the list's (checked here, before the first byte), and the
 * count is taken first so that the client can show its progress.
 */
export async function exportTier(q: Queryable, caller: Caller, tier: TierDef, scope: ListScope, params: ListParams): Promise<TierExport> {
  const spec = tier.export;
  if (!spec) throw notFound();
  const { sort, order, search } = pageOf({ sort: params.sort, order: params.order, search: params.search, username: params.username, q: params.q, filter: params.filter });
  const filter = { ...listFilterOf(caller, tier, scope), ...(search ? { search } : {}), sort, order };
  const total = await countRows(q, filter);
  const fields: ColumnSource[] = [...new Set<ColumnSource>(['_id', ...spec.columns.map((c) => c.source)])];
  async function* lines(): AsyncGenerator<string> {
    for await (const rows of walkRows(q, filter, EXPORT_BATCH)) {
      let text = '';
      for (const r of rows) text += `${JSON.stringify(project(toAccountRecord(r), fields))}\n`;
      yield text;
    }
  }
  return { total, lines: lines() };
}

/**
 * Answers an export: the count in X-Total-Count, then the lines as the walk reads them. The socket
 * pulls the walk (a batch is read when the last one has gone out), so a slow reader holds one batch,
 * never the list. A failure once the answer has started cuts it off unfinished, which the client
 * reads as a failed download, never as a shorter list.
 */
export function sendExport(reply: FastifyReply, out: TierExport): FastifyReply {
  reply.header('X-Total-Count', String(out.total));
  reply.header('Access-Control-Expose-Headers', 'X-Total-Count');
  reply.header('Cache-Control', 'no-store');
  return reply.type('application/x-ndjson; charset=utf-8').send(Readable.from(out.lines));
}
