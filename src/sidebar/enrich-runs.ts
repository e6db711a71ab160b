// The runs of this document as cards, and the loop that keeps the user's running runs going: while one runs, the
// page calls continueEnrichment for it, one call at a time (each works for minutes), backing off when a call moved
// nothing. Pause, resume, cancel (confirmed first) and retry act on one run.
import type { RunSummary } from '../core/contract';
import { errorMessage } from '../core/text';
import { CardList } from './card-list';
import { byId } from './dom';
import { describeLoop } from './loop-note';
import { PollLoop } from './poller';
import { renderRunCard, runTitle, type RunAction } from './run-card';
import { actionOutcome, runCancelOutcome, isOwnRunning, mergeRuns, runToContinue } from './runs';
import { enrichmentPolicy } from './schedule';
import { server } from './server';
import type { StatusLine } from './status-line';
import { listChanged } from './summaries';

export class EnrichRuns {
  readonly loop: PollLoop;
  private runs: RunSummary[] = [];
  private turn = 0;
  private readonly cards = new CardList<RunSummary>({
    list: byId<HTMLUListElement>('run-list'),
    empty: byId('runs-empty'),
    idOf: (run) => run.runId,
    render: renderRunCard,
    onAction: (runId, action) => void this.act(runId, action as RunAction),
  });

  constructor(
    private readonly status: StatusLine,
    pollMs: number,
    hasKey: () => boolean,
  ) {
    const note = byId('enrich-loop-note');
    this.loop = new PollLoop({
      check: () => this.check(),
      hasWork: () => hasKey() && this.runs.some(isOwnRunning),
      policy: enrichmentPolicy(pollMs),
      onState: (state) => describeLoop(note, state),
    });
  }

  /** Lists the runs, then goes on with the user's running ones. */
  async load(): Promise<void> {
    try {
      this.update(await server.listEnrichments());
    } catch (error) {
      this.status.fail(error, 'Could not list the runs: ');
      return;
    }
    await this.loop.checkNow();
  }

  /** A run the form just started: shown, and continued. */
  started(run: RunSummary): void {
    this.update([run]);
    this.loop.restart();
  }

  private update(incoming: RunSummary[]): void {
    this.runs = mergeRuns(this.runs, incoming);
    this.cards.show(this.runs);
  }

  private async check(): Promise<boolean> {
    const runId = runToContinue(this.runs, this.turn++);
    if (runId === null) return false;
    const before = this.runs;
    try {
      this.update(await server.continueEnrichment(runId));
      this.status.checkSucceeded();
    } catch (error) {
      this.status.checkFailed(`Could not continue the run: ${errorMessage(error)}`);
      return false;
    }
    return listChanged(before, this.runs);
  }

  private async act(runId: string, action: RunAction): Promise<void> {
    if (action === 'cancel') return this.cancel(runId);
    const calls = {
      pause: ['Pausing…', () => server.pauseEnrichment(runId)],
      resume: ['Resuming…', () => server.resumeEnrichment(runId)],
      retry: ['Retrying…', () => server.retryFailedEnrichment(runId)],
    } as const;
    const [busyLabel, call] = calls[action];
    const run = await this.call(runId, action, busyLabel, call);
    if (run === null) return;
    this.status.say(...actionOutcome(action, run));
    this.loop.restart();
  }

  private async cancel(runId: string): Promise<void> {
    const run = this.runs.find((candidate) => candidate.runId === runId);
    const title = run === undefined ? 'this run' : runTitle(run);
    const confirmed = await this.cards.confirm(
      runId,
      {
        question: `Cancel ${title}? Values already written stay; the rows left are not fetched.`,
        confirmLabel: 'Cancel run',
        keepLabel: 'Keep it',
        danger: true,
      },
      'cancel',
    );
    if (!confirmed) return;
    const cancelled = await this.call(runId, 'cancel', 'Cancelling…', () => server.cancelEnrichment(runId));
    if (cancelled !== null) this.status.say(...runCancelOutcome(cancelled));
    this.loop.refresh();
  }

  /** One action on one run: its button shut meanwhile; a refusal is said as the server's sentence. */
  private async call(
    runId: string,
    action: RunAction,
    busyLabel: string,
    send: () => Promise<RunSummary>,
  ): Promise<RunSummary | null> {
    this.cards.setBusy(runId, action, busyLabel);
    try {
      const run = await send();
      this.update([run]);
      return run;
    } catch (error) {
      this.status.fail(error, action === 'cancel' ? 'The cancel could not be sent: ' : '');
      return null;
    } finally {
      this.cards.setBusy(runId, action, null);
    }
  }
}
