/**
 * Jest runs the files it has timed before longest first, and files it has not timed (all of them on a fresh clone)
 * by size, which starts the fault suites, the playground and the build near the end, with one worker then left
 * alone on them. Untimed files here go by how long files of their directory take, then by size.
 */
import testSequencer from '@jest/test-sequencer';

const Sequencer = testSequencer.default;

/** Directories under test/, the slowest files first (integration files take ~10 s each, core files ~1 s). */
const SLOWEST_FIRST = ['integration', 'browser', 'build', 'mock-api', 'contract'];

function rank(test) {
  const index = SLOWEST_FIRST.findIndex((dir) => test.path.includes(`/test/${dir}/`));
  return index === -1 ? SLOWEST_FIRST.length : index;
}

export default class SlowestFirst extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    const untimed = sorted.filter((test) => test.duration == null);
    const timed = sorted.filter((test) => test.duration != null);
    // Array.prototype.sort is stable: within a directory rank, the larger file still starts first.
    return [...untimed.sort((a, b) => rank(a) - rank(b)), ...timed];
  }
}
