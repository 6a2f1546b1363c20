import { router } from '../../trpc/procedures.js';
import { delayProcedures } from './delays/router.js';
import { fareProcedures } from './fares/router.js';
import { flightProcedures } from './flights/router.js';
import { newsProcedures } from './news/router.js';
import { trackingProcedures } from './tracking/router.js';

/** The aviation service, composed from its topic folders. */
export const aviationRouter = router({
  ...delayProcedures,
  ...flightProcedures,
  ...newsProcedures,
  ...fareProcedures,
  ...trackingProcedures,
});
