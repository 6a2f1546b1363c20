import type { RegimeTransition } from './rules.js';
import type { RegionalSnapshot } from './schemas.js';

/**
 * The written parts of the regional snapshot and the weekly brief. Model and template answer in the
 * same line format (`SITUATION: ...`), read back by one parser; the template cites evidence ids in
 * brackets (`[cii:UA]`) and says in its first words that it is a template.
 */

export const TEMPLATE_MARK = '(Template from snapshot facts, not model-written.)';

const pct = (x: number) => `${Math.round(x * 100)}%`;
const LABEL_WORDS: Record<string, string> = {
  escalation_ladder: 'an escalation ladder',
  fragmentation_risk: 'a fragmentation risk',
  coercive_stalemate: 'a coercive stalemate',
  managed_deescalation: 'managed de-escalation',
  stressed_equilibrium: 'a stressed equilibrium',
  calm: 'calm',
};
export const regimeWords = (label: string) => LABEL_WORDS[label] ?? label;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** `KEY: text` lines -> sections; repeated keys accumulate; unkeyed text joins the previous key (or the first). */
export function readSections(text: string, keys: readonly string[]): Map<string, string[]> {
  const out = new Map<string, string[]>(keys.map((k) => [k, []]));
  const pattern = new RegExp(
    `^\\s*(?:[-*#]+\\s*)?(${keys.map((k) => k.replace(/ /g, '\\s+')).join('|')})\\s*:\\s*(.*)$`,
    'i',
  );
  let current = keys[0]!;
  for (const line of text.split(/\r?\n/)) {
    const m = pattern.exec(line);
    if (m) {
      current = keys.find((k) => k.toLowerCase() === m[1]!.toLowerCase().replace(/\s+/g, ' '))!;
      out.get(current)!.push(m[2]!.trim());
    } else if (line.trim()) {
      const list = out.get(current)!;
      if (list.length) list[list.length - 1] = `${list[list.length - 1]} ${line.trim()}`.trim();
      else list.push(line.trim());
    }
  }
  return out;
}

/** Evidence ids cited as `[id]` in a text, kept only when the snapshot has them. */
export function citedEvidence(text: string, known: ReadonlySet<string>): string[] {
  return [...new Set([...text.matchAll(/\[([a-z]+:[A-Za-z0-9_:-]+)\]/g)].map((m) => m[1]!))].filter((id) =>
    known.has(id),
  );
}

// ---------------------------------------------------------------- snapshot narrative

export const NARRATIVE_KEYS = ['SITUATION', 'BALANCE', 'OUTLOOK 24H', 'OUTLOOK 7D', 'OUTLOOK 30D', 'WATCH'] as const;

/** The facts of a snapshot as prompt lines (also what the template is made of). */
export function snapshotFacts(s: RegionalSnapshot, regionName: string): string {
  const b = s.balance;
  return [
    `Region: ${regionName} (${s.regionId}), as of ${new Date(s.generatedAt).toISOString()}`,
    `Regime: ${s.regime.label} (${s.regime.transitionDriver})${s.regime.previousLabel ? `; previously ${s.regime.previousLabel}, changed ${day(s.regime.transitionedAt)}` : ''}`,
    `Pressures: coercive ${b.coercivePressure}, domestic fragility ${b.domesticFragility}, energy vulnerability ${b.energyVulnerability}`,
    `Buffers: alliance cohesion ${b.allianceCohesion}, maritime access ${b.maritimeAccess}; net balance ${b.netBalance}`,
    `Active triggers: ${s.triggers.active.map((t) => t.description).join('; ') || 'none'}`,
    `Watching: ${s.triggers.watching.map((t) => t.description).join('; ') || 'none'}`,
    'Evidence:',
    ...s.evidence.map((e) => `[${e.id}] ${e.summary}`),
  ].join('\n');
}

export function templateNarrative(s: RegionalSnapshot, regionName: string): string {
  const b = s.balance;
  const top = s.evidence.filter((e) => e.type === 'instability-score').slice(0, 3);
  const threats = s.evidence.filter((e) => e.type !== 'instability-score');
  const lanes = (h: string) => s.scenarioSets.find((x) => x.horizon === h)?.lanes ?? [];
  const outlook = (h: string) => {
    const l = lanes(h);
    const esc = l.find((x) => x.name === 'escalation')?.probability ?? 0;
    const de = l.find((x) => x.name === 'de-escalation')?.probability ?? 0;
    return `Rule-derived lane weights: escalation ${pct(esc)}, base ${pct(1 - esc - de)}, de-escalation ${pct(de)}.`;
  };
  const lines = [
    `SITUATION: ${TEMPLATE_MARK} ${regionName} is in ${regimeWords(s.regime.label)}: ${s.regime.transitionDriver}.` +
      (top.length
        ? ` Most unstable: ${top.map((e) => `${e.summary} [${e.id}]`).join('; ')}.`
        : ' No member state is scored.'),
    `BALANCE: Pressures: coercive ${pct(b.coercivePressure)}, domestic fragility ${pct(b.domesticFragility)}, energy vulnerability ${pct(b.energyVulnerability)}. ` +
      `Buffers: alliance cohesion ${pct(b.allianceCohesion)}, maritime access ${pct(b.maritimeAccess)}. Net balance ${b.netBalance.toFixed(2)}.` +
      (threats.length ? ` ${threats.map((e) => `${e.summary} [${e.id}]`).join('; ')}.` : ''),
    `OUTLOOK 24H: ${outlook('24h')}`,
    `OUTLOOK 7D: ${outlook('7d')}`,
    `OUTLOOK 30D: ${outlook('30d')}`,
    ...(s.triggers.active.length || s.triggers.watching.length
      ? [
          ...s.triggers.active.map((t) => `WATCH: Active: ${t.description}.`),
          ...s.triggers.watching.map((t) => `WATCH: Near threshold: ${t.description}.`),
        ]
      : ['WATCH: No trigger is active or near its threshold.']),
  ];
  return lines.join('\n');
}

/** Written text (model or template) -> the narrative sections, each with the evidence it cites. */
export function narrativeFrom(text: string, evidenceIds: ReadonlySet<string>): RegionalSnapshot['narrative'] {
  const s = readSections(text, NARRATIVE_KEYS);
  const section = (t: string) => ({ text: t, evidenceIds: citedEvidence(t, evidenceIds) });
  const one = (k: (typeof NARRATIVE_KEYS)[number]) => section(s.get(k)!.join(' '));
  return {
    situation: one('SITUATION'),
    balanceAssessment: one('BALANCE'),
    outlook24h: one('OUTLOOK 24H'),
    outlook7d: one('OUTLOOK 7D'),
    outlook30d: one('OUTLOOK 30D'),
    watchItems: s.get('WATCH')!.filter(Boolean).map(section),
  };
}

// ---------------------------------------------------------------- weekly brief

export const BRIEF_KEYS = ['RECAP', 'TRAJECTORY', 'DEVELOPMENT', 'OUTLOOK'] as const;
export const BRIEF_PERIOD_MS = 7 * 86_400_000;

export function briefFacts(s: RegionalSnapshot, transitions: readonly RegimeTransition[], regionName: string): string {
  return [
    snapshotFacts(s, regionName),
    'Regime transitions in the last 7 days:',
    ...(transitions.length
      ? transitions.map((t) => `${day(t.transitionedAt)}: ${t.previousLabel} -> ${t.label} (${t.transitionDriver})`)
      : ['none']),
  ].join('\n');
}

export function templateBrief(
  s: RegionalSnapshot,
  transitions: readonly RegimeTransition[],
  regionName: string,
): string {
  const b = s.balance;
  const oldestFirst = [...transitions].reverse();
  const trajectory = oldestFirst.length
    ? `${oldestFirst.map((t) => `${day(t.transitionedAt)} ${regimeWords(t.previousLabel)} to ${regimeWords(t.label)}`).join('; ')}; now ${regimeWords(s.regime.label)}.`
    : `No regime change recorded this week; ${regimeWords(s.regime.label)} throughout.`;
  const developments = [
    ...oldestFirst.map(
      (t) => `${day(t.transitionedAt)}: regime changed to ${regimeWords(t.label)} (${t.transitionDriver}).`,
    ),
    ...s.evidence.filter((e) => e.type !== 'instability-score').map((e) => `${e.summary}.`),
    ...s.evidence
      .filter((e) => e.type === 'instability-score')
      .slice(0, 3)
      .map((e) => `${e.summary}.`),
  ];
  const week =
    s.scenarioSets.find((x) => x.horizon === '7d')?.lanes.find((l) => l.name === 'escalation')?.probability ?? 0;
  return [
    `RECAP: ${TEMPLATE_MARK} ${regionName} ends the week in ${regimeWords(s.regime.label)} (net balance ${b.netBalance.toFixed(2)}, coercive pressure ${pct(b.coercivePressure)}).`,
    `TRAJECTORY: ${trajectory}`,
    ...(developments.length
      ? developments.map((d) => `DEVELOPMENT: ${d}`)
      : ['DEVELOPMENT: No development recorded in the inputs.']),
    `OUTLOOK: ${s.triggers.active.length} trigger(s) active${s.triggers.active.length ? ` (${s.triggers.active.map((t) => t.description).join('; ')})` : ''}; rule-derived 7-day escalation weight ${pct(week)}.`,
  ].join('\n');
}

export function briefFrom(text: string): {
  situationRecap: string;
  regimeTrajectory: string;
  keyDevelopments: string[];
  riskOutlook: string;
} {
  const s = readSections(text, BRIEF_KEYS);
  return {
    situationRecap: s.get('RECAP')!.join(' '),
    regimeTrajectory: s.get('TRAJECTORY')!.join(' '),
    keyDevelopments: s.get('DEVELOPMENT')!.filter(Boolean),
    riskOutlook: s.get('OUTLOOK')!.join(' '),
  };
}
