import type { FastifyInstance } from 'fastify';
import { City, Country, State } from 'country-state-city';
import { requireAuth } from '../auth/plugin';

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
  const authed = { preHandler: requireAuth };
  app.addHook('onSend', async (_req, reply) => {
    reply.header('Cache-Control', 'private, max-age=86400');
  });
  app.get('/countries', authed, async () => ({ success: true, data: countries }));
  app.get<{ Params: { country: string } }>('/states/:country', authed, async (req) => ({
    success: true,
    data: State.getStatesOfCountry(req.params.country.slice(0, 3)).map((s): Choice => ({ id: s.isoCode, name: s.name })),
  }));
  app.get<{ Params: { country: string; state: string } }>('/cities/:country/:state', authed, async (req) => ({
    success: true,
    data: City.getCitiesOfState(req.params.country.slice(0, 3), req.params.state.slice(0, 10)).map((c): Choice => ({ id: c.name, name: c.name })),
  }));
}
