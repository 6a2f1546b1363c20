import { router } from '../../trpc/procedures.js';
import { aircraftProcedures } from './aircraft/router.js';
import { baseProcedures } from './bases/router.js';
import { fleetProcedures } from './fleet/router.js';
import { flightProcedures } from './flights/router.js';
import { industryProcedures } from './industry/router.js';

/** The military service, composed from its topic folders. */
export const militaryRouter = router({
  ...flightProcedures,
  ...baseProcedures,
  ...fleetProcedures,
  ...industryProcedures,
  ...aircraftProcedures,
});
