// The runs of this document as cards, and the loop that keeps the user's running runs going: while one runs, the
// page calls continueEnrichment for it, one call at a time (each works for minutes), backing off when a call moved
// nothing. Pause, resume, cancel (confirmed first) and retry act on one run; a finished run's card opens panels to
// refresh it, to list what its refreshes changed and to keep it fresh on a schedule.
import type { RunSummary } from '../core/contract';
import { errorMessage } from '../core/text';
import { CardList } from './card-list';
import { ChangesView } from './changes-view';
import { byId } from './dom';
import { KeepFreshForm } from './keep-fresh-form';
import { describeLoop } from './loop-note';
import { PollLoop } from './poller';
import { RefreshForm } from './refresh-form';
import { canRefresh } from './refreshes';
import { isRunPanel, renderRunCard, runTitle, type RunAction, type RunPanel } from './run-card';
import { actionOutcome, runCancelOutcome, isOwnRunning, mergeRuns, runToContinue } from './runs';
import { enrichmentPolicy } from './schedule';
import { server } from './server';
import type { StatusLine } from './status-line';
import { listChanged } from './summaries';

/** An open panel: its element, and where the keyboard goes when it opens. */
interface Panel {
  element: HTMLElement;
  focus(): void;
}

export class EnrichRuns {
  readonly loop: PollLoop;
  private runs: RunSummary[] = [];
  private readonly changesButton = byId<HTMLButtonElement>('enrich-changes');
  private readonly changesArea = byId('enrich-changes-view');
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
    this.changesButton.addEventListener('click', () => this.toggleDocumentChanges());
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
    // A run that started again (refreshed from elsewhere) can no longer take the refresh or schedule it had open.
    for (const run of this.runs) {
      const open = this.cards.panelOf(run.runId);
      if ((open === 'refresh' || open === 'schedule') && !canRefresh(run)) this.cards.setPanel(run.runId, null);
    }
    this.cards.show(this.runs);
    this.changesButton.hidden = !this.runs.some((run) => run.changes > 0);
  }

  /** Opens (or closes) the list of every change logged in this document. */
  private toggleDocumentChanges(): void {
    const open = this.changesButton.getAttribute('aria-expanded') === 'true';
    const close = () => {
      this.changesArea.replaceChildren();
      this.changesButton.setAttribute('aria-expanded', 'false');
      this.changesButton.focus();
    };
    if (open) return close();
    const view = new ChangesView({ runId: null, label: 'this spreadsheet', onClose: close });
    this.changesArea.replaceChildren(view.element);
    this.changesButton.setAttribute('aria-expanded', 'true');
    view.focus();
    void view.load();
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
    if (isRunPanel(action)) return this.togglePanel(runId, action);
    if (action === 'unschedule') return this.unschedule(runId);
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

  /** Opens the panel the action names in the run's card, or closes it when it is open. */
  private togglePanel(runId: string, action: RunPanel): void {
    const run = this.runs.find((candidate) => candidate.runId === runId);
    if (run === undefined || this.cards.panelOf(runId) === action) return this.closePanel(runId, action);
    const panel = this.panel(run, action, () => this.closePanel(runId, action));
    this.cards.setPanel(runId, { action, element: panel.element });
    panel.focus();
  }

  private closePanel(runId: string, action: RunPanel): void {
    this.cards.setPanel(runId, null);
    this.cards.focusAction(runId, action);
  }

  private panel(run: RunSummary, action: RunPanel, onClose: () => void): Panel {
    if (action === 'changes') {
      const view = new ChangesView({ runId: run.runId, label: runTitle(run), onClose });
      void view.load();
      return view;
    }
    if (action === 'schedule') {
      return new KeepFreshForm({
        run,
        onClose,
        onSaved: (saved) => {
          onClose();
          this.update([saved]);
          this.status.say('Saved: the run is refreshed on its schedule.', 'success');
        },
      });
    }
    return new RefreshForm({
      run,
      onClose,
      onStarted: (started) => {
        onClose();
        this.started(started);
        this.status.say(`Refresh started: ${runTitle(started)}.`, 'success');
      },
    });
  }

  private async unschedule(runId: string): Promise<void> {
    const run = await this.call(runId, 'unschedule', 'Stopping…', () => server.scheduleRefresh(runId, null));
    if (run === null) return;
    if (run.schedule === null) this.status.say('Scheduled refreshes stopped.', 'success');
    else this.status.say('The schedule is not stopped yet: the run still shows one.', 'error');
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
