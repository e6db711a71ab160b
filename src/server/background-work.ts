// The kinds of background work, in ONE place: the dispatcher (src/server/background.ts) asks each whether a user has
// work and runs it when that user's trigger fires. Each kind's module composes its work without the dispatcher, so
// this list imports plain values. To add a kind: docs/architecture.md, "How to add a kind of background work".
import type { BackgroundWork } from '../core/background';
import { enrichmentWork } from './enrichment-work';
import { researchWork } from './research-work';

export const BACKGROUND_WORK: readonly BackgroundWork[] = [researchWork, enrichmentWork];
