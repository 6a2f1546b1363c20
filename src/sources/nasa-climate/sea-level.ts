/** NASA "Vital Signs: Sea Level" page (HTML); the headline figures are read from its text. */
export const NASA_SEA_LEVEL_URL = 'https://climate.nasa.gov/vital-signs/sea-level/';

/** Rise since 1993 (mm) and the current yearly rate (mm/yr) from the page text; a page without the first is refused. */
export function parseSeaLevelPage(input: Buffer | string): { riseMm: number; ratePerYearMm: number | undefined } {
  const text = (typeof input === 'string' ? input : input.toString('utf8'))
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ');
  const rise = /RISE SINCE 1993\s*([\d.]+)\s*millimeters/i.exec(text);
  if (!rise) throw new Error('NASA sea level page: no "rise since 1993" figure');
  const rate = /([\d.]+)\s*(?:millimeters|mm)\s*(?:per year|\/\s*yr|a year)/i.exec(text);
  return { riseMm: Number(rise[1]), ratePerYearMm: rate ? Number(rate[1]) : undefined };
}
