import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type BrowserContext } from 'playwright-core';
import { earthquakesDataset } from '../../src/services/seismology/datasets/earthquakes.js';
import { startTestApp, type TestApp } from '../support/app.js';

/**
 * The /docs page in a real headless Chromium (Debian's package; `.ci/run` installs it): it renders
 * the operations from the document, performs an authenticated call, and never contacts another host.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SCREENSHOT_DIR = path.resolve('test-results');
/**
 * How long a step may take. One service's document shows in about 3 s on a quiet machine; the whole
 * document used to take 12-15 s, and past 15 s under CI load. The limit is for a loaded machine, not a target.
 */
const RENDER_MS = 60_000;

let app: TestApp;
let browser: BrowserContext;
let profile: string;

beforeAll(async () => {
  if (!fs.existsSync(CHROMIUM))
    throw new Error(
      `${CHROMIUM} is missing: install Debian's chromium (apt-get install chromium); .ci/run does it in CI`,
    );
  app = await startTestApp({ samples: [earthquakesDataset] });
  profile = fs.mkdtempSync(path.join(os.tmpdir(), 'mds-chromium-'));
  // A fresh profile directory per run (playwright passes it as --user-data-dir).
  browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1280, height: 1600 },
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  if (profile) fs.rmSync(profile, { recursive: true, force: true });
});

describe('/docs in headless Chromium', () => {
  it(
    'lists the operations, runs an authenticated call from the page, and loads nothing from another host',
    async () => {
      const page = await browser.newPage();
      page.setDefaultTimeout(RENDER_MS);
      const requested: string[] = [];
      const failed: string[] = [];
      page.on('request', (r) => requested.push(r.url()));
      page.on('requestfailed', (r) => failed.push(r.url()));
      const consoleErrors: string[] = [];
      page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));

      // Swagger UI renders operations lazily as they scroll into view, so the page is opened on the
      // operation's deep link, as a reader following a link would; its tag picks the service's document.
      const res = await page.goto(`${app.baseUrl}/docs#/seismology/ListEarthquakes`, { waitUntil: 'networkidle' });
      expect(res?.status()).toBe(200);

      // Operations are listed, grouped by service tag.
      const op = page.locator('.opblock-summary-path[data-path="/api/seismology/v1/list-earthquakes"]');
      await op.first().waitFor({ timeout: RENDER_MS });
      expect(await page.locator('.opblock').count()).toBeGreaterThan(0);
      await expect
        .poll(() => page.locator('.opblock-tag').allInnerTexts(), { timeout: RENDER_MS })
        .toEqual(expect.arrayContaining([expect.stringMatching(/seismology/)]));

      // One service's document is loaded, the one the deep link names; the top bar offers the others.
      const origin = new URL(app.baseUrl).origin;
      expect(requested).toContain(`${origin}/openapi/seismology.json`);
      expect(requested).not.toContain(`${origin}/openapi.json`);
      const offered = await page.locator('.topbar select option').allInnerTexts();
      expect(offered).toEqual(expect.arrayContaining(['seismology', 'supply-chain', 'market']));

      fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'docs-overview.png') });

      // Authorize with the test key in the X-Service-Key scheme (the button is at the top of the page;
      // the reading position is restored afterwards, since off-screen operations are not rendered).
      const readingAt = await page.evaluate(() => window.scrollY);
      await page.locator('button.authorize').first().click();
      const dialog = page.locator('.dialog-ux .modal-ux');
      await dialog.waitFor();
      const scheme = dialog.locator('.auth-container').filter({ hasText: 'X-Service-Key' }).first();
      await scheme.locator('input[type="text"], input[type="password"]').first().fill(app.defaultKey.key);
      await scheme.locator('button.authorize').click();
      await dialog.locator('button.close-modal').click();
      await page.evaluate((y) => window.scrollTo(0, y), readingAt);

      // Try it out on list-earthquakes (the deep link opened it) and execute.
      await op.first().waitFor({ timeout: RENDER_MS });
      const block = page
        .locator('.opblock', { has: page.locator('[data-path="/api/seismology/v1/list-earthquakes"]') })
        .first();
      const tryOut = block.locator('button.try-out__btn');
      if ((await tryOut.count()) === 0) await op.first().click();
      if ((await tryOut.count()) > 0 && /try it out/i.test(await tryOut.innerText())) await tryOut.click();
      await block.locator('button.execute').click();
      const status = block.locator('.live-responses-table .response .response-col_status').first();
      await status.waitFor({ timeout: RENDER_MS });
      expect((await status.innerText()).trim()).toMatch(/^200/);
      await expect
        .poll(() => block.locator('.live-responses-table .microlight').first().innerText(), { timeout: RENDER_MS })
        .toContain('earthquakes');

      await block.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'docs-page.png'), fullPage: false });

      // Choosing another service in the top bar loads its document and lists its operations.
      await page.locator('.topbar select').selectOption('supply-chain');
      await page
        .locator('.opblock-summary-path[data-path="/api/supply-chain/v1/get-chokepoint-status"]')
        .first()
        .waitFor({ timeout: RENDER_MS });
      expect(requested).toContain(`${origin}/openapi/supply-chain.json`);

      const foreign = requested.filter(
        (u) => !u.startsWith(origin) && !u.startsWith('data:') && !u.startsWith('blob:'),
      );
      expect(foreign).toEqual([]);
      expect(requested).toContain(`${origin}/api/seismology/v1/list-earthquakes`);
      expect(failed).toEqual([]);
      expect(consoleErrors).toEqual([]);
      await page.close();
    },
    3 * RENDER_MS,
  );

  it('serves the page with a same-origin Content-Security-Policy', async () => {
    const res = await fetch(`${app.baseUrl}/docs`);
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
    const html = await res.text();
    expect(html).not.toMatch(/https?:\/\//);
  });
});
