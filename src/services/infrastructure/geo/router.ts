import { operation } from '../../../trpc/procedures.js';
import { settle } from '../answer.js';
import { GAZETTEER } from './datasets/gazetteer.js';
import { liveGeocoderFor } from './live-geocoder.js';
import { clientAddress, countryOfAddress, reverseGeocode } from './queries.js';
import { GetIpGeoRequest, GetIpGeoResponse, ReverseGeocodeRequest, ReverseGeocodeResponse } from './schemas.js';

/** Where an address or a position is, from bundled tables. */
export const geoProcedures = {
  getIpGeo: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/infrastructure/v1/get-ip-geo',
        operationId: 'GetIpGeo',
        tags: ['infrastructure'],
        summary: 'Locate the caller’s address',
        description:
          'Country of the caller’s IP address (IPv4 or IPv6), looked up in a bundled IP-to-country range table (DB-IP ' +
          'Lite CSV layout: first address, last address, country code). The address is the connection’s, or the first ' +
          'entry of the header named by CLIENT_IP_HEADER behind a trusted proxy. Private, reserved and unknown addresses ' +
          'answer `XX`; region and city stay empty (the table resolves countries only).',
      },
      cacheTier: 'no-store',
    })
    .input(GetIpGeoRequest)
    .output(GetIpGeoResponse)
    .query(({ ctx }) =>
      settle(
        ctx,
        countryOfAddress(
          ctx.deps.store,
          clientAddress(ctx.headers, ctx.remoteAddress, ctx.deps.config.CLIENT_IP_HEADER),
        ),
      ),
    ),

  reverseGeocode: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/infrastructure/v1/reverse-geocode',
        operationId: 'ReverseGeocode',
        tags: ['infrastructure'],
        summary: 'Name the country at a position',
        description:
          'The country at lat/lon (both required), from the nearest place within 150 km in a bundled GeoNames gazetteer. ' +
          'Farther from any place (open sea, ice), a Nominatim-compatible geocoder at REVERSE_GEOCODER_URL is asked when ' +
          'configured (8 s deadline, answers cached a week on a 0.1° grid); without one the answer is empty with no error. ' +
          'A geocoder failure is reported in `error` and served no-store. Limited to 60 calls a minute per caller.',
      },
      cacheTier: 'slow',
      ratePolicy: 'reverse-geocode',
      datasets: [GAZETTEER],
    })
    .input(ReverseGeocodeRequest)
    .output(ReverseGeocodeResponse)
    .query(async ({ ctx, input }) =>
      settle(
        ctx,
        await reverseGeocode(
          ctx.deps.store,
          input,
          liveGeocoderFor(ctx.deps.config, () => ctx.deps.clock.now()),
        ),
      ),
    ),
};
