// Everything the mock remembers between requests.

import type { Accounts } from './accounts';
import type { MockClock } from './clock';
import type { FaultQueue } from './faults';
import type { ResearchJobs } from './jobs';
import type { MockLogEntry } from './protocol';
import type { MockWorld } from './world';

export interface MockState {
  seed: number;
  clock: MockClock;
  accounts: Accounts;
  jobs: ResearchJobs;
  faults: FaultQueue;
  log: MockLogEntry[];
  world: MockWorld;
}
