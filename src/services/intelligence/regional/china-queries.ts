import type { Snapshot, SnapshotStore } from '../../../platform/snapshots/store.js';
import { dataTime } from '../../../platform/snapshots/data-time.js';
import type { NbsObservation } from '../../../sources/nbs/easyquery.js';
import type { PlaActivityReport } from '../../../sources/taiwan-mnd/pla-activity.js';
import type { PolicyDocument } from '../../../sources/mofcom/announcements.js';
import type { ExchangeBulletin } from '../../../sources/sse/bulletins.js';
import { NBS_MONTHLY } from '../../economic/index.js';
import { CHINA_DISCLOSURES } from '../../market/index.js';
import { CHINA_POLICY_EVENTS } from './datasets/china-policy-events.js';
import { CROSS_STRAIT_ACTIVITY } from '../../military/index.js';
import { CHOKEPOINTS, type ChokepointDef, type ChokepointRegistryInfo } from '../../supply-chain/index.js';
import { composeDecisionSnapshot, type Input } from './china-rules.js';
import type { GetChinaDecisionSignalsResponse } from './china-schemas.js';

const failed = (s: Snapshot<unknown, unknown>) =>
  Boolean(s.meta.lastError) && s.meta.lastAttemptAt > s.meta.lastSuccessAt;
const input = <R>(s: Snapshot<R, unknown>): Input<R> => ({
  rows: s.records,
  fetchedAt: s.capturedAt,
  failed: failed(s as Snapshot<unknown, unknown>),
});

/**
 * get-china-decision-signals: the six groups composed from the China macro, policy, cross-strait
 * activity, exchange disclosure and chokepoint snapshots, once per combination of their versions and refresh states; a missing
 * input makes only its groups unavailable.
 */
export function getChinaDecisionSignals(store: SnapshotStore): GetChinaDecisionSignalsResponse {
  const macro = store.read<NbsObservation>(NBS_MONTHLY);
  const strait = store.read<PlaActivityReport>(CROSS_STRAIT_ACTIVITY);
  const corridors = store.read<ChokepointDef, ChokepointRegistryInfo>(CHOKEPOINTS);
  const policy = store.read<PolicyDocument>(CHINA_POLICY_EVENTS);
  const disclosures = store.read<ExchangeBulletin>(CHINA_DISCLOSURES);
  const present = [macro, strait, corridors, policy, disclosures].filter((s): s is NonNullable<typeof s> =>
    Boolean(s),
  ) as Snapshot<unknown, unknown>[];
  const key = `china-decision-signals:${[macro, strait, corridors, policy, disclosures].map((s) => (s ? `${s.version}${failed(s as Snapshot<unknown, unknown>) ? 'f' : ''}` : '-')).join(':')}`;
  const compose = () => {
    // The inputs' data time (the chokepoint registry describes no moment), never the clock's.
    const at = dataTime(present);
    const snapshot = composeDecisionSnapshot({
      ...(macro ? { macro: input(macro) } : {}),
      ...(strait ? { crossStrait: input(strait) } : {}),
      // The registry is a reference table: its time is its review date, not when it was loaded.
      ...(corridors
        ? {
            corridors: {
              ...input(corridors),
              fetchedAt: Date.parse(`${corridors.info.reviewedAt}T00:00:00Z`) || corridors.capturedAt,
              reviewedAt: corridors.info.reviewedAt,
            },
          }
        : {}),
      ...(policy ? { policy: input(policy) } : {}),
      ...(disclosures ? { disclosures: input(disclosures) } : {}),
      now: at,
    });
    return {
      payloadJson: JSON.stringify(snapshot),
      generatedAt: snapshot.generatedAt,
      upstreamUnavailable: snapshot.groups.every((g) => g.state === 'unavailable'),
    };
  };
  return present[0] ? present[0].derive(key, compose) : compose();
}
