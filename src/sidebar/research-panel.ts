// The research panel: the form that starts a job, this document's jobs as cards, and the poll loop that follows the
// user's unfinished jobs. Built from the shared parts: form fields, key gate, status line, card list, poll loop.
import { MAX_RESEARCH_LIMIT } from '../core/api/limits';
import type { JobSummary, ResearchColumns, ResearchRequest } from '../core/contract';
import { RESEARCH_LIMIT_RULE } from '../core/research/request';
import { errorMessage } from '../core/text';
import { ButtonGate } from './button-gate';
import { CardList } from './card-list';
import { byId } from './dom';
import { ValidatedField } from './form-field';
import { renderJobCard } from './job-card';
import { jobCancelOutcome, isOwnUnfinished, mergeJobs, pollTarget, shortenBrief } from './jobs';
import { KeyGate } from './key-gate';
import { PollLoop } from './poller';
import { researchPolicy } from './schedule';
import { server } from './server';
import { StatusLine } from './status-line';
import { listChanged } from './summaries';
import { describeLoop } from './loop-note';

const START_LABEL = 'Start research';

export class ResearchPanel {
  private jobs: JobSummary[] = [];
  private turn = 0;
  private readonly status = new StatusLine(byId('research-status'));
  private readonly query = new ValidatedField(byId<HTMLTextAreaElement>('research-query'));
  private readonly limit = new ValidatedField(byId<HTMLInputElement>('research-limit'));
  private readonly start = new ButtonGate(byId<HTMLButtonElement>('research-start'));
  readonly keyGate = new KeyGate(byId('key-warning'), this.start, this.status);
  readonly loop: PollLoop;
  private readonly cards = new CardList<JobSummary>({
    list: byId<HTMLUListElement>('job-list'),
    empty: byId('jobs-empty'),
    idOf: (job) => job.jobId,
    render: renderJobCard,
    onAction: (jobId, action) => void (action === 'open' ? this.openSheet(jobId) : this.cancel(jobId)),
  });

  constructor(options: { pollMs: number; showSettings(): void }) {
    const note = byId('research-loop-note');
    this.loop = new PollLoop({
      check: () => this.check(),
      hasWork: () => this.keyGate.hasKey && this.jobs.some(isOwnUnfinished),
      policy: researchPolicy(options.pollMs),
      onState: (state) => describeLoop(note, state),
    });
    byId<HTMLFormElement>('research-form').addEventListener('submit', (event) => {
      event.preventDefault();
      void this.startResearch();
    });
    byId<HTMLButtonElement>('key-warning-settings').addEventListener('click', options.showSettings);
  }

  /** Lists the jobs, then polls at once if any of the user's is still running. */
  async load(): Promise<void> {
    try {
      this.update(await server.listResearchJobs());
    } catch (error) {
      this.status.fail(error, 'Could not list research: ');
      return;
    }
    await this.loop.checkNow();
  }

  keyChanged(hasKey: boolean): void {
    this.keyGate.update(hasKey);
    if (!hasKey) [this.query, this.limit].forEach((field) => field.clear());
    this.loop.refresh();
  }

  private update(incoming: JobSummary[]): void {
    this.jobs = mergeJobs(this.jobs, incoming);
    this.cards.show(this.jobs);
  }

  private async check(): Promise<boolean> {
    const before = this.jobs;
    const target = pollTarget(this.jobs, this.turn++);
    try {
      this.update(await (target === null ? server.pollResearch() : server.pollResearch(target)));
      this.status.checkSucceeded();
    } catch (error) {
      this.status.checkFailed(`Could not refresh research: ${errorMessage(error)}`);
      return false;
    }
    return listChanged(before, this.jobs);
  }

  private readRequest(): ResearchRequest | null {
    const query = this.query.value.trim();
    const limit = Number(this.limit.value);
    if (query === '') {
      this.query.reject('Write a research brief first.');
      return null;
    }
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_RESEARCH_LIMIT) {
      this.limit.reject(RESEARCH_LIMIT_RULE);
      return null;
    }
    return { query, limit, columns: byId<HTMLSelectElement>('research-columns').value as ResearchColumns };
  }

  /** Starts a job and follows it here; the user stays where they are (no tab or sheet changes under them). */
  private async startResearch(): Promise<void> {
    const request = this.readRequest();
    if (request === null) return;
    this.start.busy('Starting…', START_LABEL);
    this.status.say('Starting research…');
    try {
      const job = await server.startResearch(request);
      this.update([job]);
      this.query.input.value = '';
      this.status.say(`Research started. Results go to the sheet “${job.sheetName}”.`, 'success');
      this.loop.restart();
    } catch (error) {
      this.status.fail(error);
    } finally {
      this.start.busy(null, START_LABEL);
    }
  }

  private async openSheet(jobId: string): Promise<void> {
    const sheetName = this.jobs.find((job) => job.jobId === jobId)?.sheetName;
    try {
      await server.openResearchSheet(jobId);
      this.status.say(sheetName ? `Opened the sheet “${sheetName}”.` : 'Opened the results sheet.', 'success');
    } catch (error) {
      this.status.fail(error);
    }
  }

  private async cancel(jobId: string): Promise<void> {
    const brief = shortenBrief(this.jobs.find((job) => job.jobId === jobId)?.query ?? '', 60);
    const confirmed = await this.cards.confirm(
      jobId,
      {
        question: `Cancel the research “${brief}”? Rows already written stay in the sheet.`,
        confirmLabel: 'Cancel research',
        keepLabel: 'Keep it running',
        danger: true,
      },
      'cancel',
    );
    if (!confirmed) return;
    this.cards.setBusy(jobId, 'cancel', 'Cancelling…');
    try {
      const job = await server.cancelResearch(jobId);
      this.update([job]);
      this.status.say(...jobCancelOutcome(job));
    } catch (error) {
      this.status.fail(error, 'The cancel could not be sent: ');
    } finally {
      this.cards.setBusy(jobId, 'cancel', null);
      this.loop.refresh();
    }
  }
}
