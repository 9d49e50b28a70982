import { EXPORT_PATHS as P } from '../../domain/apiPaths';
import { childTierOf, TIERS, type TierDef } from '../../resources.config';
import { endpoint } from '../http/endpoint';
import { ERROR_REPLIES, file } from '../http/schemas';
import { idParams, listQuery } from './schemas';

/** The list's query without its paging: the export answers every row of the filter. */
const exportQuery = listQuery.omit({ page: true, perPage: true, limit: true, range: true });

const exportReply = (tier: TierDef) => ({
  ...ERROR_REPLIES,
  200: file(
    'application/x-ndjson',
    `Every ${tier.labels.singular} of the list's filter, scope, search and sort, in the list's order: one account per line, with the fields its spreadsheet's columns read (${tier.export?.columns.map((c) => c.source).join(', ')}) and _id. X-Total-Count: the number of lines`,
  ),
});

/**
 * A tier list's Export to Excel, where the registry gives the listed tier an export: the tier's own
 * list, and the children of one of its accounts (a chain tier's child list). The rows are streamed;
 * the client writes the workbook.
 */
function tierExportEndpoints(tier: TierDef) {
  const tags = [tier.role];
  const at = (path: string) => `${tier.api}${path}`;
  const child = tier.kind === 'chain' ? childTierOf(tier.role) : null;
  return {
    ...(tier.export ? { export: endpoint({ method: 'GET', path: at(P.export), schema: { tags, querystring: exportQuery, response: exportReply(tier) } }) } : {}),
    ...(child?.export
      ? { childrenExport: endpoint({ method: 'GET', path: at(P.childrenExport), schema: { tags, params: idParams, querystring: exportQuery, response: exportReply(child) } }) }
      : {}),
  };
}

/** Every tier's export calls, by role. */
export const TIER_EXPORT_ENDPOINTS: Record<string, ReturnType<typeof tierExportEndpoints>> = Object.fromEntries(TIERS.map((t) => [t.role, tierExportEndpoints(t)]));
