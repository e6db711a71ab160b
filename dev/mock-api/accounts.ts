// API keys with their credit balance, tier and sliding scrape-rate window.

import { SCRAPES_PER_MINUTE, type Tier } from '../../src/core/api/types';
import type { MockClock } from './clock';
import type { MockKey } from './protocol';

export const DEMO_KEY: MockKey = { key: 'lk_demo_0000000000000000000000009f2c', credits: 10_000, tier: '2' };

const RATE_WINDOW_MS = 60_000;

interface Account {
  credits: number;
  tier: Tier;
  /** Rate-clock times of the scrape requests inside the current window. */
  scrapeTimes: number[];
}

export type ScrapeSlot = { granted: true } | { granted: false; retryAfterSeconds: number };

export class Accounts {
  private readonly accounts = new Map<string, Account>();

  constructor(
    private readonly initialKeys: readonly MockKey[],
    private readonly clock: MockClock,
  ) {
    this.reset();
  }

  reset(): void {
    this.accounts.clear();
    for (const key of this.initialKeys) this.set(key);
  }

  set({ key, credits, tier }: MockKey): void {
    this.accounts.set(key, { credits, tier, scrapeTimes: [] });
  }

  has(key: string): boolean {
    return this.accounts.has(key);
  }

  describe(key: string): Omit<MockKey, 'key'> | undefined {
    const account = this.accounts.get(key);
    return account && { credits: account.credits, tier: account.tier };
  }

  credits(key: string): number {
    return this.accounts.get(key)?.credits ?? 0;
  }

  charge(key: string, credits: number): void {
    const account = this.accounts.get(key);
    if (account) account.credits -= credits;
  }

  /** Counts one scrape in the key's sliding 60 s window, or says how long until a slot frees up. */
  takeScrapeSlot(key: string): ScrapeSlot {
    const account = this.accounts.get(key);
    if (!account) return { granted: true };
    const now = this.clock.rateTime();
    account.scrapeTimes = account.scrapeTimes.filter((time) => time > now - RATE_WINDOW_MS);
    if (account.scrapeTimes.length >= SCRAPES_PER_MINUTE[account.tier]) {
      const freesAt = account.scrapeTimes[0] + RATE_WINDOW_MS;
      return { granted: false, retryAfterSeconds: Math.max(1, Math.ceil((freesAt - now) / 1000)) };
    }
    account.scrapeTimes.push(now);
    return { granted: true };
  }
}
