// Scheduled refreshes as a kind of background work: while a user has a schedule in this document, their trigger
// stays, and starts each refresh when it is due (the enrichment kind then continues it).
import type { BackgroundWork } from '../core/background';
import { scheduledRunsOf, startDueRefreshes } from '../core/refresh/scheduled';
import { runPorts, runRegistry } from './enrichment-work';
import { currentSettings } from './settings';

export const refreshScheduleWork: BackgroundWork = {
  kind: 'refresh schedule',
  hasWork: (userId) => scheduledRunsOf(runRegistry(runPorts()).all(), userId).length > 0,
  run: (userId) => startDueRefreshes(runPorts(), userId, currentSettings),
};
