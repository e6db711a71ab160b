// The kinds of background work, in ONE place: the dispatcher (src/server/background.ts) asks each whether a user has
// work and runs it when that user's trigger fires. Each kind's module composes its work without the dispatcher, so
// this list imports plain values. To add a kind: docs/architecture.md, "How to add a kind of background work".
import type { BackgroundWork } from '../core/background';
import { enrichmentWork } from './enrichment-work';
import { refreshScheduleWork } from './refresh-work';
import { researchWork } from './research-work';

// A due refresh is started before the runs are continued, so the same trigger begins to work on it.
export const BACKGROUND_WORK: readonly BackgroundWork[] = [researchWork, refreshScheduleWork, enrichmentWork];
