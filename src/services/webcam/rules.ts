/** Cell size in degrees that groups cameras at a zoom level; 0 means every camera stands alone. */
export function clusterCellDeg(zoom: number): number {
  if (zoom < 3) return 8;
  if (zoom <= 4) return 5;
  if (zoom <= 6) return 2;
  if (zoom <= 8) return 0.5;
  return 0;
}

export interface View {
  w: number;
  s: number;
  e: number;
  n: number;
}

/** Bounds widened to whole degrees (floor west/south, ceil east/north), so nearby views share answers. */
export function quantiseView(v: View): View {
  return { w: Math.floor(v.w), s: Math.floor(v.s), e: Math.ceil(v.e), n: Math.ceil(v.n) };
}

/** Inside the view; a west edge east of the east edge crosses the antimeridian. */
export function inView(lat: number, lon: number, v: View): boolean {
  if (lat < v.s || lat > v.n) return false;
  return v.w <= v.e ? lon >= v.w && lon <= v.e : lon >= v.w || lon <= v.e;
}

/** Mean of longitudes on the circle, so a group straddling ±180° lands near 180, not 0. */
export function circularMeanLon(lons: readonly number[]): number {
  const r = Math.PI / 180;
  const x = lons.reduce((s, l) => s + Math.cos(l * r), 0);
  const y = lons.reduce((s, l) => s + Math.sin(l * r), 0);
  return Math.round((Math.atan2(y, x) / r) * 1e4) / 1e4;
}
