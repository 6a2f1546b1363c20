/**
 * Submarine cables the health view can name: TeleGeography-style ids, the names warnings use for
 * them, and their landing points (public positions from the TeleGeography Submarine Cable Map,
 * rounded to 0.01°). A warning names a cable by an alias, or lies near one of its landings.
 */
export interface CableEntry {
  id: string;
  aliases: readonly string[];
  landings: readonly [number, number][];
}

const MARSEILLE: [number, number] = [43.3, 5.37];
const DJIBOUTI: [number, number] = [11.59, 43.15];
const ZAFARANA: [number, number] = [29.11, 32.65];
const MUMBAI: [number, number] = [19.07, 72.88];
const KARACHI: [number, number] = [24.85, 66.99];
const JEDDAH: [number, number] = [21.49, 39.19];
const MOMBASA: [number, number] = [-4.04, 39.67];
const CATANIA: [number, number] = [37.5, 15.09];
const SINGAPORE: [number, number] = [1.32, 103.65];
const HONG_KONG: [number, number] = [22.2, 114.2];

export const CABLES: readonly CableEntry[] = [
  {
    id: 'seamewe-5',
    aliases: ['SEAMEWE-5', 'SEA-ME-WE 5', 'SEAMEWE 5', 'SMW5', 'SMW-5'],
    landings: [MARSEILLE, CATANIA, ZAFARANA, [24.09, 38.06], DJIBOUTI, KARACHI, MUMBAI, [5.95, 80.54], SINGAPORE],
  },
  {
    id: 'aae-1',
    aliases: ['AAE-1', 'AAE1', 'ASIA AFRICA EUROPE-1'],
    landings: [MARSEILLE, ZAFARANA, DJIBOUTI, [25.12, 56.33], KARACHI, MUMBAI, [10.35, 107.08], HONG_KONG],
  },
  { id: 'peace-cable', aliases: ['PEACE CABLE', 'PEACE'], landings: [MARSEILLE, DJIBOUTI, [25.12, 62.32], MOMBASA] },
  {
    id: '2africa',
    aliases: ['2AFRICA'],
    landings: [[44.41, 8.93], MARSEILLE, [41.39, 2.17], JEDDAH, DJIBOUTI, MOMBASA, [-33.34, 18.16], [6.45, 3.39]],
  },
  { id: 'imewe', aliases: ['IMEWE', 'I-ME-WE'], landings: [MUMBAI, KARACHI, JEDDAH, CATANIA, MARSEILLE] },
  { id: 'seacom', aliases: ['SEACOM'], landings: [MUMBAI, DJIBOUTI, MOMBASA, [-25.97, 32.57], [-28.95, 31.75]] },
  { id: 'eassy', aliases: ['EASSY'], landings: [[19.6, 37.2], DJIBOUTI, MOMBASA, [-28.95, 31.75]] },
  {
    id: 'marea',
    aliases: ['MAREA'],
    landings: [
      [36.85, -75.98],
      [43.39, -2.98],
    ],
  },
  {
    id: 'c-lion1',
    aliases: ['C-LION1', 'C-LION 1', 'CLION1'],
    landings: [
      [60.17, 24.94],
      [54.09, 12.13],
    ],
  },
  {
    id: 'taiwan-matsu-no2',
    aliases: ['TAIWAN-MATSU NO. 2', 'TAIWAN-MATSU NO.2', 'TMCS2', 'TAIWAN-MATSU'],
    landings: [
      [25.17, 121.43],
      [26.15, 119.95],
    ],
  },
  {
    id: 'apcn-2',
    aliases: ['APCN-2', 'APCN2'],
    landings: [HONG_KONG, [31.62, 121.4], [35.18, 129.08], [34.95, 139.95], [25.17, 121.43], SINGAPORE],
  },
  {
    id: 'falcon',
    aliases: ['FALCON'],
    landings: [[23.61, 58.59], [25.12, 56.33], MUMBAI, KARACHI, [12.79, 45.02], [19.6, 37.2]],
  },
];
