import { mergeRouters, router } from '../../trpc/procedures.js';
import { analysisProcedures } from './analysis/router.js';
import { companiesRouter } from './companies/router.js';
import { countryRouter } from './country/router.js';
import { energyRouter } from './energy/router.js';
import { feedsRouter } from './feeds/router.js';
import { gpsRouter } from './gps/router.js';
import { marketsRouter } from './markets/router.js';
import { orbitRouter } from './orbit/router.js';
import { portsRouter } from './ports/router.js';
import { regionalRouter } from './regional/router.js';
import { signalsRouter } from './signals/router.js';

/** The intelligence service: the topic folders' routers merged flat under /api/intelligence/v1/. */
export const intelligenceRouter = mergeRouters(
  countryRouter,
  orbitRouter,
  companiesRouter,
  feedsRouter,
  signalsRouter,
  gpsRouter,
  portsRouter,
  router(analysisProcedures),
  regionalRouter,
  energyRouter,
  marketsRouter,
);
