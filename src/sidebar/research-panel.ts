// The research panel: the form that starts a job, this document's jobs as cards, and polling while any runs.
import type { JobSummary, ResearchColumns } from '../core/contract';
import { byId, errorMessage, setBusy, showStatus, type StatusKind } from './dom';
import { renderJobCard, type JobAction } from './job-card';
import { anyUnfinished, mergeJobs } from './jobs';
import { Poller } from './poller';
import { server } from './server';

const MAX_RESULTS = 1000;

export interface ResearchPanel {
  /** Lists the jobs, then polls at once if any is still running. */
  load(): Promise<void>;
  showKeyWarning(show: boolean): void;
}

export function mountResearchPanel(options: { pollMs: number; showSettings(): void }): ResearchPanel {
  const form = byId<HTMLFormElement>('research-form');
  const queryInput = byId<HTMLTextAreaElement>('research-query');
  const limitInput = byId<HTMLInputElement>('research-limit');
  const columnsSelect = byId<HTMLSelectElement>('research-columns');
  const startButton = byId<HTMLButtonElement>('research-start');
  const status = byId<HTMLElement>('research-status');
  const jobList = byId<HTMLUListElement>('job-list');
  const emptyNote = byId<HTMLElement>('jobs-empty');
  const keyWarning = byId<HTMLElement>('key-warning');

  let jobs: JobSummary[] = [];
  // The next good poll clears a failed poll's message, but leaves the messages of the user's own actions alone.
  let showingPollError = false;

  function say(text: string, kind?: StatusKind): void {
    showStatus(status, text, kind);
    showingPollError = false;
  }

  const poller = new Poller(async () => {
    try {
      update(await server.pollResearch());
      if (showingPollError) say('');
    } catch (error) {
      say(`Could not refresh research: ${errorMessage(error)}`, 'error');
      showingPollError = true;
    }
    return anyUnfinished(jobs);
  }, options.pollMs);

  function update(incoming: JobSummary[]): void {
    jobs = mergeJobs(jobs, incoming);
    renderJobs();
  }

  function renderJobs(): void {
    const focus = focusedAction();
    jobList.replaceChildren(...jobs.map(renderJobCard));
    emptyNote.hidden = jobs.length > 0;
    if (focus !== undefined) restoreFocus(focus.jobId, focus.action);
  }

  /** Cards are rebuilt on each poll; remember which button had the keyboard focus to give it back. */
  function focusedAction(): { jobId: string; action: JobAction } | undefined {
    const active = document.activeElement;
    if (!(active instanceof HTMLElement) || !jobList.contains(active)) return undefined;
    const card = active.closest<HTMLElement>('.job-card');
    const action = active.dataset.action as JobAction | undefined;
    return card?.dataset.jobId !== undefined && action !== undefined
      ? { jobId: card.dataset.jobId, action }
      : undefined;
  }

  function restoreFocus(jobId: string, action: JobAction): void {
    const card = findCard(jobId);
    // A finished job loses its Cancel button: its Open sheet link is the nearest place to land.
    const button =
      card?.querySelector<HTMLElement>(`[data-action="${action}"]`) ??
      card?.querySelector<HTMLElement>('[data-action]');
    button?.focus();
  }

  function findCard(jobId: string): HTMLElement | undefined {
    return Array.from(jobList.children).find(
      (card): card is HTMLElement => card instanceof HTMLElement && card.dataset.jobId === jobId,
    );
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void startResearch();
  });
  for (const input of [queryInput, limitInput]) {
    input.addEventListener('input', () => input.removeAttribute('aria-invalid'));
  }

  async function startResearch(): Promise<void> {
    const query = queryInput.value.trim();
    const limit = Number(limitInput.value);
    if (query === '') return rejectInput(queryInput, 'Write a research brief first.');
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_RESULTS) {
      return rejectInput(limitInput, `The result limit must be a whole number from 1 to ${MAX_RESULTS}.`);
    }
    setBusy(startButton, true, 'Starting…');
    say('Starting research…');
    try {
      const job = await server.startResearch({ query, limit, columns: columnsSelect.value as ResearchColumns });
      update([job]);
      queryInput.value = '';
      say(`Research started. Results go to the sheet “${job.sheetName}”.`, 'success');
      poller.schedule();
    } catch (error) {
      say(errorMessage(error), 'error');
    } finally {
      setBusy(startButton, false, 'Start research');
    }
  }

  function rejectInput(input: HTMLElement, message: string): void {
    input.setAttribute('aria-invalid', 'true');
    input.focus();
    say(message, 'error');
  }

  jobList.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>('button[data-action]');
    const jobId = button?.closest<HTMLElement>('.job-card')?.dataset.jobId;
    if (button === null || button === undefined || jobId === undefined) return;
    const action = button.dataset.action as JobAction;
    void (action === 'open' ? openSheet(jobId) : cancelJob(jobId, button));
  });

  async function openSheet(jobId: string): Promise<void> {
    const sheetName = jobs.find((job) => job.jobId === jobId)?.sheetName;
    try {
      await server.openResearchSheet(jobId);
      say(sheetName ? `Opened the sheet “${sheetName}”.` : 'Opened the results sheet.', 'success');
    } catch (error) {
      say(errorMessage(error), 'error');
    }
  }

  async function cancelJob(jobId: string, button: HTMLButtonElement): Promise<void> {
    setBusy(button, true, 'Cancelling…');
    try {
      update([await server.cancelResearch(jobId)]);
      say('Research cancelled.', 'success');
    } catch (error) {
      setBusy(button, false, 'Cancel');
      say(errorMessage(error), 'error');
    }
    // Disabling the button dropped the focus: give it back to the card (its Open sheet link once cancelled).
    if (document.activeElement === null || document.activeElement === document.body) restoreFocus(jobId, 'cancel');
  }

  byId<HTMLButtonElement>('key-warning-settings').addEventListener('click', options.showSettings);

  return {
    async load() {
      try {
        update(await server.listResearchJobs());
      } catch (error) {
        say(`Could not list research: ${errorMessage(error)}`, 'error');
        return;
      }
      if (anyUnfinished(jobs)) await poller.pollNow();
    },
    showKeyWarning(show) {
      keyWarning.hidden = !show;
    },
  };
}
