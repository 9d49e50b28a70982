import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { City, Country, State } from 'country-state-city';
import { z } from 'zod';
import { API_PATHS, under } from '../../domain/apiPaths';
import { requireAuth } from '../access/caller';
import { ERROR_REPLIES, ok } from '../http/schemas';

interface Choice {
  id: string;
  name: string;
}

const choices = { response: { ...ERROR_REPLIES, 200: ok(z.array(z.object({ id: z.string(), name: z.string() }))) } };

/** Where app.ts registers this family. */
export const GEO = '/geo';

/**
 * The ISO country → state → city dataset, one level at a time: the whole set is ~8 MB of
 * JavaScript, too much to ship to every browser that opens an account form.
 */
export async function geoRoutes(plain: FastifyInstance) {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const tags = ['geo'];
  const countries: Choice[] = Country.getAllCountries().map((c) => ({ id: c.isoCode, name: c.name }));
  app.addHook('onSend', async (_req, reply) => {
    reply.header('Cache-Control', 'private, max-age=86400');
  });
  app.get(under(GEO, API_PATHS.geoCountries), { preHandler: requireAuth, schema: { tags, ...choices } }, async () => ({ success: true, data: countries }));
  app.get(
    under(GEO, API_PATHS.geoStates),
    { preHandler: requireAuth, schema: { tags, params: z.object({ country: z.string() }), ...choices } },
    async (req) => ({
      success: true,
      data: State.getStatesOfCountry(req.params.country.slice(0, 3)).map((s): Choice => ({ id: s.isoCode, name: s.name })),
    }),
  );
  app.get(
    under(GEO, API_PATHS.geoCities),
    { preHandler: requireAuth, schema: { tags, params: z.object({ country: z.string(), state: z.string() }), ...choices } },
    async (req) => ({
      success: true,
      data: City.getCitiesOfState(req.params.country.slice(0, 3), req.params.state.slice(0, 10)).map((c): Choice => ({ id: c.name, name: c.name })),
    }),
  );
}
