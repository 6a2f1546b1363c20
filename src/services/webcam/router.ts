import { markDegraded } from '../../trpc/context.js';
import { operation, router } from '../../trpc/procedures.js';
import { WEBCAMS } from './datasets/webcams.js';
import { imageProviderFor } from './image-provider.js';
import { getWebcamImage, listWebcams } from './queries.js';
import { GetWebcamImageRequest, GetWebcamImageResponse, ListWebcamsRequest, ListWebcamsResponse } from './schemas.js';

export const webcamRouter = router({
  listWebcams: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/webcam/v1/list-webcams',
        operationId: 'ListWebcams',
        tags: ['webcam'],
        summary: 'List webcams in a map view',
        description:
          'Public webcams from the Windy Webcams catalogue inside a view (bound_w, bound_s, bound_e, bound_n; omitted ' +
          'bounds mean the whole world, and a west edge east of the east edge crosses the antimeridian). At coarse zooms ' +
          'cameras sharing a grid cell come back as clusters (zoom omitted means 3). An empty answer served no-store means ' +
          'no webcam snapshot exists.',
      },
      cacheTier: 'no-store',
      datasets: [WEBCAMS],
    })
    .input(ListWebcamsRequest)
    .output(ListWebcamsResponse)
    .query(({ ctx, input }) => {
      const answer = listWebcams(ctx.deps.store, input);
      if (answer.degraded) markDegraded(ctx);
      return answer.body;
    }),

  getWebcamImage: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/webcam/v1/get-webcam-image',
        operationId: 'GetWebcamImage',
        tags: ['webcam'],
        summary: 'Get a webcam’s current image',
        description:
          'Title and windy.com page of a webcam from the webcam list, plus its current preview image and player when a ' +
          'Windy key (WINDY_API_KEY) is configured: the image is asked of Windy live (5 s deadline, cached 5 minutes). ' +
          'Without a key, or when Windy fails or does not know the id, error is `unavailable` and the image fields are ' +
          'empty (served no-store); an id missing from the webcam list has an empty title.',
      },
      cacheTier: 'no-store',
    })
    .input(GetWebcamImageRequest)
    .output(GetWebcamImageResponse)
    .query(({ ctx, input }) =>
      getWebcamImage(
        ctx.deps.store,
        imageProviderFor(ctx.deps.config, () => ctx.deps.clock.now()),
        input,
      ),
    ),
});
