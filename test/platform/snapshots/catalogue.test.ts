import { describe, expect, it } from 'vitest';
import { sourceHostProblem } from '../../../src/platform/snapshots/catalogue.js';

describe('sourceHostProblem: a source names a real public host serving its data', () => {
  it.each([
    ['https://earthquake.usgs.gov/earthquakes/feed/v1.0/summary/4.5_week.geojson'],
    ['http://data.gdeltproject.org/gdeltv2/20261120114500.gkg.csv.zip'],
    ['https://raw.githubusercontent.com/owid/energy-data/master/owid-energy-data.csv'],
    ['https://www.example-news.com/feed/'],
    ['$RELAY_URL/ais/snapshot?candidates=true'],
    ['$TELEGRAM_RELAY_URL/telegram/feed?limit=200'],
  ])('accepts %s', (address) => expect(sourceHostProblem(address)).toBeUndefined());

  it.each([
    ['https://feeds.reuters.example/world.rss', 'a reserved placeholder name'],
    ['https://operator.example/observations.csv (set CONSUMER_PRICES_OBSERVATIONS_URL)', 'a reserved placeholder name'],
    ['https://www.example.com/data.json', 'a reserved placeholder name'],
    ['http://telegram-relay.invalid/telegram/feed?limit=200', 'a reserved placeholder name'],
    ['https://upstream.test/x', 'a reserved placeholder name'],
    ['https://localhost/resilience/score-history', 'a reserved placeholder name'],
    ['https://api.localhost/x', 'a reserved placeholder name'],
    ['http://printer.local/status', 'a reserved placeholder name'],
    ['http://127.0.0.1:8080/feed', 'an IP address, not a public host name'],
    ['http://[::1]/feed', 'an IP address, not a public host name'],
    ['https://93.184.215.14/feed', 'an IP address, not a public host name'],
    [
      'https://data.worldmonitor.app/forecast/v1/predictions.json',
      "the published service's own API or data, not an upstream",
    ],
    [
      'https://api.worldmonitor.app/api/intelligence/v1/get-risk-scores',
      "the published service's own API or data, not an upstream",
    ],
    ['https://worldmonitor.app/', "the published service's own API or data, not an upstream"],
    ['https://relay.monitoring-data-service.org/ais/snapshot', 'a host this project invented'],
    [
      'https://raw.githubusercontent.com/monitoring-data-service/registries/main/scenario/templates-v1.json',
      'a repository this project invented',
    ],
    ['not a url', 'not an address'],
  ])('refuses %s: %s', (address, why) => expect(sourceHostProblem(address)).toBe(why));
});
