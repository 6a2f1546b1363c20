import { it } from 'vitest';
import { startTestApp } from '../../../support/app.js';
import { findDataset } from '../../../../src/root/datasets.js';
import { CII_INPUTS, ciiScoresDataset, ciiFacts, CII_SCORES } from '../../../../src/services/intelligence/country/datasets/cii-scores.js';
import { gatherSignals } from '../../../../src/services/intelligence/cii/signals.js';
import { scoreCountry } from '../../../../src/services/intelligence/cii/score.js';

it('scratch', async () => {
  const app = await startTestApp({ samples: [...CII_INPUTS.map((n) => findDataset(n)!), ciiScoresDataset] });
  const snap = app.deps.store.read(CII_SCORES)!;
  console.log(JSON.stringify(snap.info.missingInputs), snap.capturedAt, new Date(snap.capturedAt).toISOString());
  const inputs: Record<string, any> = {};
  for (const n of CII_INPUTS) { const s = app.deps.store.read(n); if (s) inputs[n] = { records: s.records, info: s.info, version: s.version, capturedAt: s.capturedAt }; }
  const facts = ciiFacts(inputs, snap.capturedAt);
  console.log('acled', facts.acled?.length, 'ucdp', facts.ucdp?.length, 'outages', JSON.stringify(facts.outages), 'climate', JSON.stringify(facts.climate));
  console.log('oref', JSON.stringify(facts.oref), 'adv', JSON.stringify(facts.advisories));
  console.log('mil', JSON.stringify(facts.military));
  const sig = gatherSignals(facts, snap.capturedAt);
  for (const s of snap.records as any[]) {
    const r = scoreCountry(s.region, sig.get(s.region)!);
    console.log(s.region, s.combinedScore, JSON.stringify(r.components), JSON.stringify(Object.fromEntries(Object.entries(r.boosts).filter(([, v]) => v))), r.blended.toFixed(3), r.floor, s.advisoryLevel, s.advisoryProvenance);
  }
  const ua = sig.get('UA')!; console.log('UA', JSON.stringify(ua));
  await app.close();
});
