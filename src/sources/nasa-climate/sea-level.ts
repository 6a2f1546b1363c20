/** NASA Sea Level Change "global mean sea level" overlay page (HTML); the headline figures are read from its text. */
export const NASA_SEA_LEVEL_URL = 'https://sealevel.nasa.gov/overlay-global-mean-sea-level';

/** Rise since 1993 (mm) and the current yearly rate (mm/yr) from the page text; a page without the first is refused. */
export function parseSeaLevelPage(input: Buffer | string): { riseMm: number; ratePerYearMm: number | undefined } {
  const text = (typeof input === 'string' ? input : input.toString('utf8'))
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ');
  const rise = /RISE SINCE 1993\s*([\d.]+)\s*millimeters/i.exec(text);
  if (!rise) throw new Error('NASA sea level page: no "rise since 1993" figure');
  // The page gives the rate as "current yearly rate of 0.18 inches/year (0.46 centimeters/year)".
  const cm = /current yearly rate of\s*[\d.]+\s*inches\/year\s*\(\s*([\d.]+)\s*centimeters\/year\s*\)/i.exec(text);
  const mm = /([\d.]+)\s*(?:millimeters|mm)\s*(?:per year|\/\s*yr|a year)/i.exec(text);
  const ratePerYearMm = cm ? Math.round(Number(cm[1]) * 100) / 10 : mm ? Number(mm[1]) : undefined;
  return { riseMm: Number(rise[1]), ratePerYearMm };
}
