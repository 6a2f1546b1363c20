import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../support/app.js';
import { startLlmFixture, type LlmFixture } from '../../../support/llm-fixture.js';
import { dailyBarsDataset } from '../../../../src/services/market/analysis/datasets/daily-bars.js';

const PATH = '/api/market/v1/analyze-stock';
let llm: LlmFixture;
let app: TestApp;

beforeAll(async () => {
  llm = await startLlmFixture({ reply: () => 'Apple trades in a weak uptrend; momentum is positive but stretched.' });
  app = await startTestApp({
    samples: [dailyBarsDataset],
    config: { LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'fixture-model' },
  });
});
afterAll(async () => {
  await app.close();
  await llm.close();
});

describe('analyze-stock with a model provider configured', () => {
  it('the model writes the summary from the computed figures, labelled with its name', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      summary: 'Apple trades in a weak uptrend; momentum is positive but stretched.',
      provider: 'llm',
      model: 'fixture-model',
      fallback: false,
    });
    const prompt = JSON.stringify(llm.calls.at(-1)!.body.messages);
    expect(prompt).toContain('AAPL');
    expect(prompt).toContain(`Signal ${res.body.signal}`);
    // The figures stay the rules' own.
    expect(res.body.technicalSummary).toMatch(/^AAPL closed at 268\.41/);
  });

  it('falls back to the rules text, labelled so, when the provider fails', async () => {
    llm.mode = 'error';
    const res = await app.get(`${PATH}?symbol=MSFT`);
    llm.mode = 'ok';
    expect(res.body).toMatchObject({ provider: 'rules', model: '', fallback: true });
    expect(res.body.summary).toMatch(/^Rules-based technical read/);
  });
});
