import type { Dataset } from '../../../platform/snapshots/dataset.js';
import {
  WINDY_PAGE_SIZE,
  parseWebcamPages,
  webcamListUrl,
  windyHeaders,
  type WindyWebcam,
} from '../../../sources/windy/webcams.js';

export const WEBCAMS = 'webcam.webcams';

/** Pages fetched per refresh (the API caps offsets; 40 pages of 50 is 2,000 cameras). */
const MAX_PAGES = 40;

export const webcamsDataset: Dataset<WindyWebcam> = {
  name: WEBCAMS,
  source: 'Windy Webcams API v3',
  kind: 'live',
  maxStaleMinutes: 24 * 60,
  sources: {
    windy: {
      url: webcamListUrl(0),
      sample: 'webcam/windy-webcams.json',
      requires: ['WINDY_API_KEY'],
      headers: (config) => windyHeaders(config.WINDY_API_KEY),
      // Pages until a short page or the cap; the pages are kept as one JSON array.
      async fetch(get, { config }) {
        if (!config.WINDY_API_KEY)
          throw new Error('WINDY_API_KEY is not set: the webcam list needs a Windy Webcams API key');
        const pages: string[] = [];
        for (let i = 0; i < MAX_PAGES; i++) {
          const body = (await get(webcamListUrl(i * WINDY_PAGE_SIZE))).toString('utf8');
          pages.push(body);
          if (parseWebcamPages(body).length < WINDY_PAGE_SIZE) break;
        }
        return Buffer.from(`[${pages.join(',')}]`);
      },
    },
  },
  parse(payloads) {
    const seen = new Set<string>();
    const records = parseWebcamPages(payloads.windy!).filter(
      (w) => w.status === 'active' && !seen.has(w.webcamId) && seen.add(w.webcamId),
    );
    return { records };
  },
};
