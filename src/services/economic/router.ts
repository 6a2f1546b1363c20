import { router } from '../../trpc/procedures.js';
import { chinaProcedures } from './china/router.js';
import { energyProcedures } from './energy/router.js';
import { pricesProcedures } from './prices/router.js';
import { fiscalProcedures } from './fiscal/router.js';
import { macroProcedures } from './macro/router.js';
import { ratesProcedures } from './rates/router.js';

/**
 * The economic service, composed from its topic folders: rates and FX, energy, prices, macro and
 * China, fiscal. Each topic owns its schemas, queries, rules and datasets.
 */
export const economicRouter = router({
  ...ratesProcedures,
  ...macroProcedures,
  ...chinaProcedures,
  ...energyProcedures,
  ...pricesProcedures,
  ...fiscalProcedures,
});
