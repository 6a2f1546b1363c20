import { router } from '../../trpc/procedures.js';
import { chinaCorridorProcedures } from './china/router.js';
import { chokepointProcedures } from './chokepoints/router.js';
import { energyProcedures } from './energy/router.js';
import { freightProcedures } from './freight/router.js';
import { mineralProcedures } from './minerals/router.js';
import { routeProcedures } from './routes/router.js';
import { tradeProcedures } from './trade/router.js';

/**
 * The supply-chain service: one topic folder per concern (chokepoints, energy infrastructure,
 * minerals, trade exposure, routes, China corridors), each with its schemas, queries, rules and datasets.
 */
export const supplyChainRouter = router({
  ...chinaCorridorProcedures,
  ...chokepointProcedures,
  ...energyProcedures,
  ...freightProcedures,
  ...mineralProcedures,
  ...routeProcedures,
  ...tradeProcedures,
});
