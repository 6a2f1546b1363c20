import { COUNTRIES, normaliseCountryKey, resolveCountry, type Country } from '../../reference/countries.js';

/** Disease names a feed item must mention to count as an outbreak report (canonical label first). */
const DISEASES: readonly [string, RegExp][] = [
  ['Marburg virus disease', /\bmarburg\b/i],
  ['Ebola virus disease', /\bebola\b/i],
  ['Cholera', /\bcholera\b/i],
  ['Avian influenza', /\b(avian influenza|bird flu|h5n1|h5n6|h7n9|h9n2)\b/i],
  ['Mpox', /\b(mpox|monkeypox)\b/i],
  ['Dengue', /\bdengue\b/i],
  ['MERS', /\b(mers|middle east respiratory syndrome)\b/i],
  ['Nipah virus infection', /\bnipah\b/i],
  ['Measles', /\bmeasles\b/i],
  ['Hepatitis A', /\bhepatitis a\b/i],
  ['Hepatitis E', /\bhepatitis e\b/i],
  ['Polio', /\b(polio|poliovirus|poliomyelitis)\b/i],
  ['Plague', /\bplague\b/i],
  ['Yellow fever', /\byellow fever\b/i],
  ['Lassa fever', /\blassa\b/i],
  ['Crimean-Congo haemorrhagic fever', /\b(crimean-congo|cchf)\b/i],
  ['Rift Valley fever', /\brift valley fever\b/i],
  ['Zika virus disease', /\bzika\b/i],
  ['Chikungunya', /\bchikungunya\b/i],
  ['Diphtheria', /\bdiphtheria\b/i],
  ['Meningitis', /\bmeningitis|meningococcal\b/i],
  ['Anthrax', /\banthrax\b/i],
  ['Typhoid', /\btyphoid\b/i],
  ['Malaria', /\bmalaria\b/i],
  ['Oropouche', /\boropouche\b/i],
  ['COVID-19', /\b(covid|sars-cov-2)\b/i],
  ['Influenza', /\binfluenza\b/i],
  ['Rabies', /\brabies\b/i],
  ['Legionnaires’ disease', /\blegionnaires|legionella\b/i],
  ['Pertussis', /\b(pertussis|whooping cough)\b/i],
  ['Leptospirosis', /\bleptospirosis\b/i],
  ['Hantavirus', /\bhantavirus\b/i],
];

/** The first disease the text names, or undefined (an item about no disease is not an outbreak). */
export function diseaseOf(text: string): string | undefined {
  return DISEASES.find(([, re]) => re.test(text))?.[0];
}

/** alert: outbreak/emergency/epidemic/pandemic; warning: warning/spread/"cases increasing"; else watch. */
export function alertLevelOf(text: string): 'alert' | 'warning' | 'watch' {
  if (/\b(outbreak|emergency|epidemic|pandemic)\b/i.test(text)) return 'alert';
  if (/\b(warning|spread|spreading)\b|cases (are )?increasing/i.test(text)) return 'warning';
  return 'watch';
}

const NAME_INDEX: readonly { key: string; country: Country }[] = COUNTRIES.flatMap((c) =>
  [c.name, ...c.aliases].map((n) => ({ key: normaliseCountryKey(n), country: c })).filter((e) => e.key.length >= 4),
).sort((a, b) => b.key.length - a.key.length);

/**
 * The country a report is about: the part after the last " - " of a WHO-style title when it names
 * one, else the longest country name found as whole words in the title, then in the summary.
 */
export function countryOf(title: string, summary: string): Country | undefined {
  const tail = title.split(' - ').at(-1);
  if (tail && tail !== title) {
    const c = resolveCountry(tail);
    if (c) return c;
  }
  for (const text of [title, summary]) {
    const hay = ` ${normaliseCountryKey(text)} `;
    const hit = NAME_INDEX.find((e) => hay.includes(` ${e.key} `));
    if (hit) return hit.country;
  }
  return undefined;
}

/** The first "N cases" count in the text (thousands separators allowed), else 0. */
export function casesOf(text: string): number {
  const m =
    /(\d{1,3}(?:,\d{3})+|\d+)\s+(?:(?:laboratory-)?confirmed\s+|suspected\s+|new\s+|human\s+)?(?:\w+\s+){0,4}?cases\b/i.exec(
      text,
    );
  if (!m) return 0;
  const n = Number(m[1].replace(/,/g, ''));
  return Number.isSafeInteger(n) && n <= 2147483647 ? n : 0;
}
