// What an open sidebar that nobody looks after costs in property reads and writes (Google allows 50,000 a day per
// user): the BUILT add-on in the fakes, driven over two hours of virtual time by the sidebar's own poll loop and
// schedule (src/sidebar/poller.ts, src/sidebar/schedule.ts) and its own rules for what to poll, with one research
// job that never moves (the mock's job clock stands still) and one paused enrichment run. Counts come from the fakes'
// service-call stats.
import type { JobSummary, RunSummary } from '../src/core/contract';
import { isOwnUnfinished, mergeJobs, pollTarget } from '../src/sidebar/jobs';
import { DEFAULT_POLL_MS } from '../src/sidebar/poll-interval';
import { PollLoop, type Timers } from '../src/sidebar/poller';
import { isOwnRunning, mergeRuns, runToContinue } from '../src/sidebar/runs';
import { enrichmentPolicy, researchPolicy, STALL_MS } from '../src/sidebar/schedule';
import { listChanged } from '../src/sidebar/summaries';
import { addonWithKey, int, OWNER, type Addon, type BenchContext, type BenchReport } from './support';

const HOUR_MS = 60 * 60 * 1000;
const KEY = 'lk_bench_idle_sidebar_000000000001';
const PROPERTY_READS = ['Properties.getProperty', 'Properties.getProperties', 'Properties.getKeys'];
const PROPERTY_WRITES = [
  'Properties.setProperty',
  'Properties.setProperties',
  'Properties.deleteProperty',
  'Properties.deleteAllProperties',
];
/**
 * The calls the page makes when it opens on its Research panel (src/sidebar/Sidebar.ts), besides the first check of
 * each loop. The Enrich panel reads the selection only when it is shown.
 */
const OPENING_CALLS: Array<[string, unknown[]]> = [
  ['getSettings', []],
  ['listResearchJobs', []],
  ['listEnrichments', []],
];
/** A naive sidebar polls every unfinished job every 10 seconds for as long as it is open. */
const NAIVE_POLLS_PER_HOUR = HOUR_MS / DEFAULT_POLL_MS;

/** Timers on a virtual clock that also moves the fakes' clock, so a test hour takes milliseconds. */
class VirtualTimers implements Timers {
  private time = 0;
  private nextId = 1;
  private readonly pending = new Map<number, { at: number; run: () => void }>();

  constructor(private readonly addon: Addon) {}

  now(): number {
    return this.time;
  }

  set(run: () => void, delayMs: number): unknown {
    const id = this.nextId++;
    this.pending.set(id, { at: this.time + delayMs, run });
    return id;
  }

  clear(timer: unknown): void {
    this.pending.delete(timer as number);
  }

  /** Fires every timer due until `end`, in order, letting each check's promise settle before the next. */
  async runUntil(end: number): Promise<void> {
    for (;;) {
      const [id, next] = [...this.pending].sort(([, a], [, b]) => a.at - b.at)[0] ?? [];
      if (next === undefined || next.at > end) break;
      this.pending.delete(id);
      this.moveTo(next.at);
      next.run();
      await new Promise((resolve) => setImmediate(resolve));
    }
    this.moveTo(end);
  }

  private moveTo(time: number): void {
    this.addon.env.clock.advance(time - this.time);
    this.time = time;
  }
}

type Counts = { reads: number; writes: number; calls: Record<string, number> };

/** The sidebar as the page runs it, minus the DOM: its loops, schedule and choice of what to poll. */
class HeadlessSidebar {
  jobs: JobSummary[] = [];
  runs: RunSummary[] = [];
  readonly calls: Record<string, number> = {};
  private turn = 0;
  readonly research: PollLoop;
  readonly enrichment: PollLoop;

  constructor(
    private readonly addon: Addon,
    timers: Timers,
  ) {
    this.research = new PollLoop({
      check: async () => this.pollResearch(),
      hasWork: () => this.jobs.some(isOwnUnfinished),
      policy: researchPolicy(DEFAULT_POLL_MS),
      timers,
    });
    this.enrichment = new PollLoop({
      check: async () => this.continueRun(),
      hasWork: () => this.runs.some(isOwnRunning),
      policy: enrichmentPolicy(DEFAULT_POLL_MS),
      timers,
    });
  }

  call<T>(name: string, args: unknown[] = []): T {
    this.calls[name] = (this.calls[name] ?? 0) + 1;
    return this.addon.bundle.callFromSidebar(name, args, OWNER) as T;
  }

  async open(): Promise<void> {
    for (const [name, args] of OPENING_CALLS) {
      const answer = this.call<unknown>(name, args);
      if (name === 'listResearchJobs') this.jobs = mergeJobs(this.jobs, answer as JobSummary[]);
      if (name === 'listEnrichments') this.runs = mergeRuns(this.runs, answer as RunSummary[]);
    }
    await Promise.all([this.research.checkNow(), this.enrichment.checkNow()]);
  }

  private pollResearch(): boolean {
    const before = this.jobs;
    const target = pollTarget(this.jobs, this.turn++);
    this.jobs = mergeJobs(this.jobs, this.call<JobSummary[]>('pollResearch', target === null ? [] : [target]));
    return listChanged(before, this.jobs);
  }

  private continueRun(): boolean {
    const runId = runToContinue(this.runs, this.turn++);
    if (runId === null) return false;
    const before = this.runs;
    this.runs = mergeRuns(this.runs, this.call<RunSummary[]>('continueEnrichment', [runId]));
    return listChanged(before, this.runs);
  }
}

function propertyCounts(addon: Addon, calls: Record<string, number>): Counts {
  const byName = addon.env.stats.callsByName;
  const sum = (names: string[]) => names.reduce((total, name) => total + (byName[name] ?? 0), 0);
  return { reads: sum(PROPERTY_READS), writes: sum(PROPERTY_WRITES), calls: { ...calls } };
}

function difference(after: Counts, before: Counts): Counts {
  const calls = Object.fromEntries(
    Object.entries(after.calls)
      .map(([name, n]) => [name, n - (before.calls[name] ?? 0)] as const)
      .filter(([, n]) => n > 0),
  );
  return { reads: after.reads - before.reads, writes: after.writes - before.writes, calls };
}

/** A spreadsheet with the built add-on, one research job the mock never moves, and one paused run of 10 rows. */
async function idleDocument(context: BenchContext): Promise<Addon> {
  const addon = await addonWithKey(context, { key: KEY, tier: '1' });
  addon.env.spreadsheet
    .sheet('Sheet1')
    .write('A1:A11', [
      ['Profile URL'],
      ...Array.from({ length: 10 }, (_, i) => [`https://www.network.com/in/idle-person-${i + 1}/`]),
    ]);
  addon.env.spreadsheet.select('Sheet1', 'A1:A11');
  const call = <T>(name: string, args: unknown[]) => addon.bundle.callFromSidebar(name, args, OWNER) as T;
  call('startResearch', [{ query: 'Heads of data at fintech startups in Berlin', limit: 25 }]);
  const run = call<RunSummary>('startEnrichment', [{ sheetName: 'Sheet1', inputA1: 'A1:A11', operation: 'profile' }]);
  call('pauseEnrichment', [run.runId]);
  return addon;
}

export async function idleSidebarBenchmark(context: BenchContext): Promise<BenchReport> {
  const addon = await idleDocument(context);
  const timers = new VirtualTimers(addon);
  const sidebar = new HeadlessSidebar(addon, timers);
  const closed = propertyCounts(addon, sidebar.calls);
  await sidebar.open();
  const opened = propertyCounts(addon, sidebar.calls);
  await timers.runUntil(HOUR_MS);
  const oneHour = propertyCounts(addon, sidebar.calls);
  await timers.runUntil(2 * HOUR_MS);
  const twoHours = propertyCounts(addon, sidebar.calls);
  return report(sidebar, {
    opening: difference(opened, closed),
    polling: difference(oneHour, opened),
    firstHour: difference(oneHour, closed),
    secondHour: difference(twoHours, oneHour),
  });
}

const total = (counts: Counts) => counts.reads + counts.writes;

function report(
  sidebar: HeadlessSidebar,
  hours: { opening: Counts; polling: Counts; firstHour: Counts; secondHour: Counts },
): BenchReport {
  const { opening, polling, firstHour, secondHour } = hours;
  const polls = firstHour.calls.pollResearch ?? 0;
  // The naive sidebar: the same opening, then a poll every 10 s at what a poll that changes nothing costs here.
  const perPoll = total(polling) / Math.max(1, polling.calls.pollResearch ?? 0);
  const naive = total(opening) - perPoll + NAIVE_POLLS_PER_HOUR * perPoll;
  const target = 500;
  return {
    id: '(e)',
    title: 'An idle open sidebar: property reads and writes an hour',
    baselineHeader: `naive: every job polled every ${DEFAULT_POLL_MS / 1000} s`,
    figures: [
      {
        label: 'first hour open: property reads + writes',
        addon: `${int(total(firstHour))} (${int(firstHour.reads)} reads, ${int(firstHour.writes)} writes)`,
        baseline: `about ${int(naive)}`,
      },
      {
        label: 'first hour: server calls',
        addon: `${OPENING_CALLS.length} on opening, ${polls} research polls, ${firstHour.calls.continueEnrichment ?? 0} run continues`,
        baseline: `${OPENING_CALLS.length} on opening, ${NAIVE_POLLS_PER_HOUR} research polls`,
      },
      { label: 'opening the sidebar (calls and first poll)', addon: `${int(total(opening))} property reads + writes` },
      { label: 'one poll that changes nothing', addon: `${perPoll.toFixed(1)} property reads + writes` },
      {
        label: 'each later hour',
        addon: `${int(total(secondHour))} property reads + writes (research loop ${sidebar.research.state}, runs loop ${sidebar.enrichment.state})`,
        baseline: `about ${int(NAIVE_POLLS_PER_HOUR * perPoll)}`,
      },
    ],
    targets: [
      {
        target: `an idle open sidebar spends at most ${target} property reads and writes an hour (1% of the daily 50,000)`,
        actual: `${int(total(firstHour))} in its first hour, ${int(total(secondHour))} in the next`,
        met: total(firstHour) <= target,
        analysis: 'see what one poll that changes nothing reads and writes',
      },
    ],
    notes: [
      `A job that does not move is polled ever more rarely (the wait doubles from ${DEFAULT_POLL_MS / 1000} s up to 5 minutes) and not after ${STALL_MS / 60_000} still minutes, until the user clicks; a paused run is not continued at all.`,
      `Server calls in the first hour: ${Object.entries(firstHour.calls)
        .map(([name, n]) => `${name} ${n}`)
        .join(', ')}.`,
    ],
  };
}
