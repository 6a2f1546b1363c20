import { router } from '../../trpc/procedures.js';
import { cableProcedures } from './cables/router.js';
import { bootstrapProcedures } from './bootstrap/router.js';
import { baselineProcedures } from './baselines/router.js';
import { geoProcedures } from './geo/router.js';
import { internetProcedures } from './internet/router.js';
import { statusProcedures } from './status/router.js';

/** Infrastructure: one topic folder per concern, each contributing its procedures. */
export const infrastructureRouter = router({
  ...statusProcedures,
  ...internetProcedures,
  ...baselineProcedures,
  ...geoProcedures,
  ...bootstrapProcedures,
  ...cableProcedures,
});
