import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SAMPLES_DIR } from '../../../src/platform/snapshots/samples.js';
import { faaStatusDataset, parseFaaStatus } from '../../../src/services/aviation/delays/datasets/faa-status.js';
import { flightsDataset, parseAviationstackFlights } from '../../../src/services/aviation/flights/datasets/flights.js';

const faaSample = () => fs.readFileSync(path.join(SAMPLES_DIR, faaStatusDataset.sources.status.sample));
const flightsSample = () => fs.readFileSync(path.join(SAMPLES_DIR, flightsDataset.sources.flights.sample));
const NOW = Date.UTC(2026, 10, 20, 12);

describe('FAA NAS status parser', () => {
  it('reads every programme type and keeps the worst entry per airport', () => {
    const { delays, info } = parseFaaStatus(faaSample());
    expect(info.updatedAt).toBe(Date.UTC(2026, 10, 20, 11, 52, 31));
    const by = Object.fromEntries(delays.map((d) => [d.iata, d]));
    expect(Object.keys(by).sort()).toEqual(['ASE', 'BOS', 'EWR', 'ORD', 'SAN', 'SFO', 'TEB']);
    // EWR has both a ground delay programme and a ground stop: the stop wins.
    expect(by.EWR).toMatchObject({
      delayType: 'FLIGHT_DELAY_TYPE_GROUND_STOP',
      severity: 'FLIGHT_DELAY_SEVERITY_SEVERE',
      reason: 'equipment / outage',
    });
    expect(by.SFO).toMatchObject({
      delayType: 'FLIGHT_DELAY_TYPE_GROUND_DELAY',
      avgDelayMinutes: 72,
      severity: 'FLIGHT_DELAY_SEVERITY_MAJOR',
    });
    // ORD: arrivals 31-45 min beat departures 16-30 min.
    expect(by.ORD).toMatchObject({
      delayType: 'FLIGHT_DELAY_TYPE_ARRIVAL_DELAY',
      avgDelayMinutes: 38,
      severity: 'FLIGHT_DELAY_SEVERITY_MODERATE',
    });
    expect(by.BOS).toMatchObject({
      delayType: 'FLIGHT_DELAY_TYPE_DEPARTURE_DELAY',
      avgDelayMinutes: 22,
      severity: 'FLIGHT_DELAY_SEVERITY_MINOR',
    });
    expect(by.SAN).toMatchObject({ delayType: 'FLIGHT_DELAY_TYPE_CLOSURE', severity: 'FLIGHT_DELAY_SEVERITY_SEVERE' });
  });

  it('accepts a calm day with no delay lists', () => {
    const xml =
      '<?xml version="1.0"?><AIRPORT_STATUS_INFORMATION><Update_Time>Fri Nov 20 03:10:00 2026 GMT</Update_Time></AIRPORT_STATUS_INFORMATION>';
    expect(parseFaaStatus(Buffer.from(xml))).toEqual({
      delays: [],
      info: { updatedAt: Date.UTC(2026, 10, 20, 3, 10) },
    });
  });

  it('lists a short delay as at least minor and skips entries without an airport', () => {
    const xml = `<AIRPORT_STATUS_INFORMATION><Update_Time>Fri Nov 20 03:10:00 2026 GMT</Update_Time><Delay_type><Name>Ground Delay Programs</Name>
      <Ground_Delay_List><Ground_Delay><ARPT>JFK</ARPT><Reason>wind</Reason><Avg>9 minutes</Avg></Ground_Delay>
      <Ground_Delay><Reason>no airport</Reason><Avg>2 hours</Avg></Ground_Delay></Ground_Delay_List></Delay_type></AIRPORT_STATUS_INFORMATION>`;
    expect(parseFaaStatus(Buffer.from(xml)).delays).toEqual([
      {
        iata: 'JFK',
        delayType: 'FLIGHT_DELAY_TYPE_GROUND_DELAY',
        severity: 'FLIGHT_DELAY_SEVERITY_MINOR',
        avgDelayMinutes: 9,
        reason: 'wind',
      },
    ]);
  });

  it.each([
    ['JSON instead of XML', '{"status":"ok"}', /not an XML document/],
    ['another XML document', '<html><body>Service Unavailable</body></html>', /AIRPORT_STATUS_INFORMATION/],
    [
      'no timestamp',
      '<AIRPORT_STATUS_INFORMATION><Update_Time>later</Update_Time></AIRPORT_STATUS_INFORMATION>',
      /Update_Time/,
    ],
  ])('refuses %s', (_n, text, message) => expect(() => parseFaaStatus(Buffer.from(text))).toThrow(message));
});

describe('AviationStack flights parser', () => {
  const flights = () => parseAviationstackFlights(flightsSample(), NOW);

  it('turns operating rows into flights and folds codeshare rows into them', () => {
    const all = flights();
    expect(all.length).toBe(360);
    const ba = all.filter((f) => f.flightNumber === 'BA117');
    expect(ba.map((f) => f.date).sort()).toEqual(['2026-11-19', '2026-11-20']);
    const today = ba.find((f) => f.date === '2026-11-20')!;
    expect(today.codeshareFlightNumbers.sort()).toEqual(['AA6139', 'IB4218']);
    expect(today).toMatchObject({
      operatingCarrier: { iataCode: 'BA', icaoCode: 'BAW', name: 'British Airways' },
      origin: { iata: 'LHR', icao: 'EGLL', timezone: 'Europe/London' },
      destination: { iata: 'JFK' },
      status: 'FLIGHT_INSTANCE_STATUS_AIRBORNE',
      delayMinutes: 12,
      scheduledDeparture: Date.UTC(2026, 10, 20, 8, 20),
      estimatedDeparture: Date.UTC(2026, 10, 20, 8, 32),
      actualArrival: 0,
      aircraftType: 'A35K',
      aircraftIcao24: '406b2e',
      source: 'aviationstack',
      updatedAt: NOW,
    });
    expect(all.some((f) => f.flightNumber === 'AA6139')).toBe(false);
    expect(all.find((f) => f.flightNumber === 'SQ231')).toMatchObject({
      diverted: true,
      status: 'FLIGHT_INSTANCE_STATUS_DIVERTED',
      destination: { iata: 'SYD' }, // SQ231 is Singapore-Sydney; a diverted row still names the planned destination
    });
  });

  it('fills the estimate from the delay, defaults the time zone and skips unreadable rows', () => {
    const doc = {
      data: [
        {
          flight_date: '2026-11-20',
          flight_status: 'scheduled',
          departure: { iata: 'ams', scheduled: '2026-11-20T10:00:00+00:00', delay: 25 },
          arrival: { iata: 'LHR' },
          airline: { iata: 'KL' },
          flight: { iata: 'KL1001' },
        },
        { flight_date: 'tomorrow', flight: { iata: 'KL1002' } },
        { flight_date: '2026-11-20', flight: { iata: null } },
        'garbage',
      ],
    };
    const [f, ...rest] = parseAviationstackFlights(Buffer.from(JSON.stringify(doc)), NOW);
    expect(rest).toEqual([]);
    expect(f).toMatchObject({
      flightNumber: 'KL1001',
      estimatedDeparture: Date.UTC(2026, 10, 20, 10, 25),
      origin: { iata: 'AMS', timezone: 'UTC' },
      codeshareFlightNumbers: [],
    });
  });

  it.each([
    ['not JSON', 'Bad gateway', /not JSON/],
    [
      'an API error object',
      '{"error":{"code":"invalid_access_key","message":"You have not supplied a valid API Access Key."}}',
      /invalid_access_key/,
    ],
    ['no data array', '{"pagination":{}}', /no data array/],
  ])('refuses %s', (_n, text, message) =>
    expect(() => parseAviationstackFlights(Buffer.from(text), NOW)).toThrow(message),
  );
});
