import type { SnapshotStore } from '../../platform/snapshots/store.js';
import { GIVING_CLAIMS, type ClaimsInfo, type GivingClaim } from './datasets/claims.js';
import { CATEGORIES, dataMode, normaliseStatus, PLATFORMS, platformDailyUsd, round2, yearOf } from './rules.js';
import type { GetGivingSummaryRequest, GetGivingSummaryResponse, GivingSummary } from './schemas.js';

function verified(claims: readonly GivingClaim[], subject: string): GivingClaim | undefined {
  return claims.find((c) => c.subject === subject && normaliseStatus(c.status) === 'verified');
}

function summarise(claims: readonly GivingClaim[], generatedAt: number): GivingSummary {
  const platforms = PLATFORMS.map((p) => ({
    platform: p.name,
    dailyVolumeUsd: platformDailyUsd(claims, p.name),
    activeCampaignsSampled: 0,
    newCampaigns24h: 0,
    donationVelocity: 0,
    dataFreshness: p.freshness,
    lastUpdated: verified(claims, `platform:${p.name}`)?.sourcePublishedAt ?? '',
  }));
  const oda = verified(claims, 'institutional:oecdOdaAnnualUsdBn');
  const caf = verified(claims, 'institutional:cafWorldGivingIndex');
  const candid = verified(claims, 'institutional:candidGrantsTracked');
  return {
    generatedAt: new Date(generatedAt).toISOString(),
    activityIndex: 0,
    trend: 'stable',
    estimatedDailyFlowUsd: round2(platforms.reduce((s, p) => s + p.dailyVolumeUsd, 0)),
    platforms,
    categories: CATEGORIES.map((category) => ({
      category,
      share: 0,
      change24h: 0,
      activeCampaigns: 0,
      trending: false,
    })),
    crypto: { dailyInflowUsd: 0, trackedWallets: 0, transactions24h: 0, topReceivers: [], pctOfTotal: 0 },
    institutional: {
      oecdOdaAnnualUsdBn: oda?.reportedValue ?? 0,
      oecdDataYear: oda ? yearOf(oda.referencePeriod) : 0,
      cafWorldGivingIndex: caf?.reportedValue ?? 0,
      cafDataYear: caf ? yearOf(caf.referencePeriod) : 0,
      candidGrantsTracked: Math.round(candid?.reportedValue ?? 0),
      dataLag: 'Annual published context',
    },
    dataMode: dataMode(claims.map((c) => c.status)),
    trendAvailable: false,
    provenance: claims.map(({ id: _id, ...c }) => ({ ...c, status: normaliseStatus(c.status) })),
    activityIndexAvailable: false,
  };
}

export function getGivingSummary(
  store: SnapshotStore,
  req: GetGivingSummaryRequest,
  markDegraded: () => void,
): GetGivingSummaryResponse {
  const snapshot = store.read<GivingClaim, ClaimsInfo>(GIVING_CLAIMS);
  if (!snapshot) {
    markDegraded();
    return { fetchedAt: 0, dataAvailable: false };
  }
  const summary = snapshot.derive('summary', (s) => summarise(s.records, s.info.generatedAt));
  return {
    summary: {
      ...summary,
      platforms:
        req.platform_limit && req.platform_limit > 0
          ? summary.platforms.slice(0, req.platform_limit)
          : summary.platforms,
      categories:
        req.category_limit && req.category_limit > 0
          ? summary.categories.slice(0, req.category_limit)
          : summary.categories,
    },
    fetchedAt: snapshot.info.generatedAt,
    dataAvailable: true,
  };
}
