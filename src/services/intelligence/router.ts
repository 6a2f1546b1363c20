import { router } from '../../trpc/procedures.js';
import { analysisProcedures } from './analysis/router.js';
import { companiesProcedures } from './companies/router.js';
import { countryProcedures } from './country/router.js';
import { energyProcedures } from './energy/router.js';
import { feedsProcedures } from './feeds/router.js';
import { gpsProcedures } from './gps/router.js';
import { marketsProcedures } from './markets/router.js';
import { orbitProcedures } from './orbit/router.js';
import { portsProcedures } from './ports/router.js';
import { regionalProcedures } from './regional/router.js';
import { signalsProcedures } from './signals/router.js';

/** The intelligence service: the topic folders' procedures flat under /api/intelligence/v1/. */
export const intelligenceRouter = router({
  ...countryProcedures,
  ...orbitProcedures,
  ...companiesProcedures,
  ...feedsProcedures,
  ...signalsProcedures,
  ...gpsProcedures,
  ...portsProcedures,
  ...analysisProcedures,
  ...regionalProcedures,
  ...energyProcedures,
  ...marketsProcedures,
});
