// The kinds of background work, in ONE place: the dispatcher (src/server/background.ts) asks each whether a user has
// work and runs it when that user's trigger fires. To add a kind: docs/architecture.md, "How to add a kind of
// background work".
import type { BackgroundWork } from '../core/background';
import { enrichmentWork } from './enrichment-work';
import { researchWork } from './research';

/**
 * Each kind is reached when first used, not when this list is built: a kind's module imports the dispatcher, which
 * imports this list, so in whatever order the modules load, the kind may not exist yet while this line runs.
 */
function whenUsed(work: () => BackgroundWork): BackgroundWork {
  return {
    get kind() {
      return work().kind;
    },
    hasWork: (userId) => work().hasWork(userId),
    run: (userId, stopBy) => work().run(userId, stopBy),
  };
}

export const BACKGROUND_WORK: BackgroundWork[] = [whenUsed(() => researchWork), whenUsed(() => enrichmentWork)];
