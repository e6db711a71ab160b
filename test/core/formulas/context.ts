// A FormulaContext over in-memory ports, with a fresh start time for every formula call.
import { createHash } from 'node:crypto';
import type { Tier } from '../../../src/core/api/types';
import type { FormulaContext } from '../../../src/core/formulas/context';
import { API_KEY, BASE_URL, FakeClock, FakeHttp, type Responder } from '../api/fakes';
import { memoryCache } from '../../support/memory';

export function formulaSetup(
  respond: Responder,
  options: { tier?: Tier; batchMs?: number; apiKey?: string | null } = {},
) {
  const clock = new FakeClock();
  const http = new FakeHttp(respond, clock);
  http.batchMs = options.batchMs ?? 300;
  const cache = memoryCache();
  const context = (): FormulaContext => ({
    settings: {
      apiKey: options.apiKey === undefined ? API_KEY : options.apiKey,
      baseUrl: BASE_URL,
      tier: options.tier ?? '3',
      formulaDailyBudget: null,
    },
    http,
    clock,
    cache,
    hash: (text) => createHash('sha256').update(text).digest('hex'),
    startedAt: clock.now(),
  });
  return { clock, http, context };
}
