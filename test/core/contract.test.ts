import { CREDIT_COSTS } from '../../src/core/api/credits';
import {
  ENRICH_OPERATIONS,
  FINISHED_RUN_STATUSES,
  MAX_FORMULA_DAILY_BUDGET,
  type RunStatus,
} from '../../src/core/contract';

test('each operation costs what the API operation it calls costs per request', () => {
  expect(ENRICH_OPERATIONS.scrape.creditsEach).toBe(CREDIT_COSTS.scrape.perRequest);
  expect(ENRICH_OPERATIONS.profile.creditsEach).toBe(CREDIT_COSTS.profileRecord.perRequest);
  expect(ENRICH_OPERATIONS.contacts.creditsEach).toBe(CREDIT_COSTS.contacts.perRequest);
});

test('operations have distinct labels and say which inputs they take', () => {
  const infos = Object.values(ENRICH_OPERATIONS);
  expect(new Set(infos.map((info) => info.label)).size).toBe(infos.length);
  for (const info of infos) expect(info.inputs).toMatch(/profile URLs/);
  expect(ENRICH_OPERATIONS.contacts.inputs).toMatch(/emails/);
});

test('running and paused runs are unfinished; the other statuses end a run', () => {
  const unfinished: RunStatus[] = ['running', 'paused'];
  for (const status of unfinished) expect(FINISHED_RUN_STATUSES).not.toContain(status);
  expect([...FINISHED_RUN_STATUSES].sort()).toEqual(['cancelled', 'completed', 'error']);
});

test('the daily formula budget is capped at a whole number of credits', () => {
  expect(Number.isSafeInteger(MAX_FORMULA_DAILY_BUDGET)).toBe(true);
  expect(MAX_FORMULA_DAILY_BUDGET).toBe(1_000_000);
});
