/**
 * A few well-known facilities near the watched fire regions, so a cluster can say what it is next to.
 * Positions are the public coordinates of each site (OpenStreetMap), rounded to 0.01°.
 */
export interface Asset {
  name: string;
  kind: 'energy' | 'logistics' | 'industrial';
  lat: number;
  lon: number;
}

export const ASSETS: readonly Asset[] = [
  { name: 'Abqaiq oil processing plant', kind: 'energy', lat: 25.93, lon: 49.68 },
  { name: 'Ras Tanura refinery and terminal', kind: 'energy', lat: 26.64, lon: 50.16 },
  { name: 'Abadan refinery', kind: 'energy', lat: 30.34, lon: 48.28 },
  { name: 'Zaporizhzhia nuclear power plant', kind: 'energy', lat: 47.51, lon: 34.58 },
  { name: 'Novorossiysk oil terminal', kind: 'energy', lat: 44.68, lon: 37.79 },
  { name: 'Port of Odesa', kind: 'logistics', lat: 46.5, lon: 30.74 },
  { name: 'Port of Latakia', kind: 'logistics', lat: 35.52, lon: 35.77 },
  { name: 'Mariupol Azovstal works', kind: 'industrial', lat: 47.1, lon: 37.6 },
  { name: 'Bandar Abbas port', kind: 'logistics', lat: 27.14, lon: 56.21 },
];
