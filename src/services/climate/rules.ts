/**
 * US EPA PM2.5 AQI breakpoints (2024 revision): concentration in µg/m³, truncated to 0.1, mapped
 * linearly within its band. Above the top band the index stays at 500.
 */
const PM25_BANDS: readonly [number, number, number, number][] = [
  [0.0, 9.0, 0, 50],
  [9.1, 35.4, 51, 100],
  [35.5, 55.4, 101, 150],
  [55.5, 125.4, 151, 200],
  [125.5, 225.4, 201, 300],
  [225.5, 325.4, 301, 500],
];

export function pm25ToAqi(concentration: number): number {
  const c = Math.floor(Math.max(0, concentration) * 10) / 10;
  for (const [cLo, cHi, iLo, iHi] of PM25_BANDS) {
    if (c <= cHi) return Math.round(((iHi - iLo) / (cHi - cLo)) * (Math.max(c, cLo) - cLo) + iLo);
  }
  return 500;
}

/** good ≤ 50, moderate ≤ 100, unhealthy ≤ 300, hazardous above. */
export function riskLevel(aqi: number): 'good' | 'moderate' | 'unhealthy' | 'hazardous' {
  if (aqi <= 50) return 'good';
  if (aqi <= 100) return 'moderate';
  if (aqi <= 300) return 'unhealthy';
  return 'hazardous';
}
