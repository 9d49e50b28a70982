import type { FastifyInstance } from 'fastify';
import { City, Country, State } from 'country-state-city';
import { requireAuth } from '../access/caller';
import { serve } from '../http/endpoint';
import { GEO_ENDPOINTS as E } from './endpoints';

interface Choice {
  id: string;
  name: string;
}

/**
 * The ISO country → state → city dataset, one level at a time: the whole set is ~8 MB of
 * JavaScript, too much to ship to every browser that opens an account form.
 */
export async function geoRoutes(app: FastifyInstance) {
  const countries: Choice[] = Country.getAllCountries().map((c) => ({ id: c.isoCode, name: c.name }));
  app.addHook('onSend', async (_req, reply) => {
    reply.header('Cache-Control', 'private, max-age=86400');
  });
  // Signed-in callers only; this plugin's routes alone (it is its own scope).
  app.addHook('preHandler', requireAuth);
  serve(app, E.countries, async () => ({ success: true, data: countries }));
  serve(
    app,
    E.states,
    async (req) => ({
      success: true,
      data: State.getStatesOfCountry(req.params.country.slice(0, 3)).map((s): Choice => ({ id: s.isoCode, name: s.name })),
    }),
  );
  serve(
    app,
    E.cities,
    async (req) => ({
      success: true,
      data: City.getCitiesOfState(req.params.country.slice(0, 3), req.params.state.slice(0, 10)).map((c): Choice => ({ id: c.name, name: c.name })),
    }),
  );
}
