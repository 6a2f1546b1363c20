import { z } from 'zod';
import type { Dataset } from '../../../platform/snapshots/dataset.js';
import { Forecast } from '../schemas.js';
import { isoMs, readJson, withoutNulls } from './documents.js';

export const FORECASTS = 'forecast.predictions';

export interface ForecastDocumentInfo {
  generatedAt: number;
}

/**
 * The forecast document layout (`forecast-document/v1`): `{ schema, generatedAt (ISO 8601), forecasts:
 * [card...] }`, each card with the contract's Forecast fields (null for an absent calibration,
 * perspectives, projections, case file or resolution). Extra pipeline fields are ignored.
 */
const Doc = z.object({
  schema: z.literal('forecast-document/v1'),
  generatedAt: z.string(),
  forecasts: z.array(z.unknown()),
});

/** Cards in document order; a card that does not fit the layout fails the whole document, naming it. */
export function parseForecastDocument(bytes: Buffer): { records: Forecast[]; info: ForecastDocumentInfo } {
  const doc = Doc.safeParse(readJson(bytes, 'forecast document'));
  if (!doc.success)
    throw new Error(`forecast document has an unexpected shape: ${doc.error.issues[0]?.message ?? 'unknown'}`);
  const seen = new Set<string>();
  const records = doc.data.forecasts.map((raw, i) => {
    const card = Forecast.safeParse(withoutNulls(raw));
    if (!card.success) {
      const issue = card.error.issues[0];
      throw new Error(`forecast document card ${i}: ${issue?.path.join('.') ?? ''} ${issue?.message ?? 'invalid'}`);
    }
    if (seen.has(card.data.id)) throw new Error(`forecast document lists ${card.data.id} twice`);
    seen.add(card.data.id);
    return card.data;
  });
  return { records, info: { generatedAt: isoMs(doc.data.generatedAt, 'forecast document generatedAt') } };
}

export const forecastsDataset: Dataset<Forecast, ForecastDocumentInfo> = {
  name: FORECASTS,
  source:
    'Derived here from the instability, conflict, market and news snapshots with the published forecast detectors ' +
    '(the model is not computed yet; serves its bundled sample, a replayed forecast document)',
  // Hourly in the published pipeline; 90 minutes without a new document is stale.
  kind: 'derived',
  maxStaleMinutes: 90,
  sources: { document: { sample: 'forecast/forecast-document.json' } },
  parse(payloads) {
    return parseForecastDocument(payloads.document!);
  },
};
