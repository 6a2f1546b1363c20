import { router } from '../../trpc/procedures.js';
import { analysisProcedures } from './analysis/router.js';
import { commoditiesProcedures } from './commodities/router.js';
import { cryptoProcedures } from './crypto/router.js';
import { equitiesProcedures } from './equities/router.js';
import { flowsProcedures } from './flows/router.js';

/** `/api/market/v1/*`: the topic folders' procedures under one router. */
export const marketRouter = router({
  ...equitiesProcedures,
  ...flowsProcedures,
  ...cryptoProcedures,
  ...analysisProcedures,
  ...commoditiesProcedures,
});
