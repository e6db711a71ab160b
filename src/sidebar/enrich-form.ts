// The Enrich panel's form: the selection, the operation, the fields and "overwrite"; Preview asks the server what a
// run would do and cost (it sends nothing to the API), and Start asks the user to confirm that credit figure first.
// Any change to the form makes the preview stale, and Start waits for a fresh one.
import {
  ENRICH_OPERATIONS,
  type EnrichmentPreview,
  type EnrichmentRequest,
  type EnrichOperation,
  type FieldChoices,
  type RunSummary,
  type SelectionInfo,
} from '../core/contract';
import { errorMessage } from '../core/text';
import { ButtonGate } from './button-gate';
import { confirmStep } from './confirm-step';
import { byId, el } from './dom';
import { FieldPicker } from './field-picker';
import { costText, nothingToDo, renderPreview } from './preview-view';
import { renderSelection } from './selection-view';
import { server } from './server';
import type { StatusLine } from './status-line';
import { count } from './summaries';

const START_LABEL = 'Start enrichment';
const PREVIEW_LABEL = 'Preview';

export class EnrichForm {
  readonly start = new ButtonGate(byId<HTMLButtonElement>('enrich-start'));
  private readonly previewButton = new ButtonGate(byId<HTMLButtonElement>('enrich-preview'));
  private readonly picker = new FieldPicker(() => this.stale());
  private readonly overwrite = byId<HTMLInputElement>('enrich-overwrite');
  private readonly outputColumn = byId<HTMLInputElement>('enrich-output-column');
  private readonly choices = new Map<EnrichOperation, FieldChoices>();
  private selection: SelectionInfo | null = null;
  private shown: { request: EnrichmentRequest; preview: EnrichmentPreview } | null = null;

  constructor(
    private readonly status: StatusLine,
    private readonly onStarted: (run: RunSummary) => void,
  ) {
    byId('enrich-operations').append(...operationChoices());
    this.stale();
    byId('enrich-use-selection').addEventListener('click', () => void this.loadSelection());
    this.overwrite.addEventListener('change', () => this.stale());
    this.outputColumn.addEventListener('input', () => this.stale());
    for (const radio of this.operationRadios()) {
      radio.addEventListener('change', () => void this.operationChanged());
    }
    byId<HTMLFormElement>('enrich-form').addEventListener('submit', (event) => {
      event.preventDefault();
      void this.preview();
    });
    this.start.button.addEventListener('click', () => void this.confirmAndStart());
  }

  async load(): Promise<void> {
    await this.loadSelection();
    await this.operationChanged();
  }

  private operationRadios(): HTMLInputElement[] {
    return Array.from(document.querySelectorAll<HTMLInputElement>('input[name="enrich-operation"]'));
  }

  private operation(): EnrichOperation {
    return (this.operationRadios().find((radio) => radio.checked)?.value ?? 'scrape') as EnrichOperation;
  }

  /** Reads the active selection; emails and phones can only be looked up as contacts, so that is chosen for them. */
  private async loadSelection(): Promise<void> {
    const view = byId('enrich-selection');
    const problem = byId('enrich-selection-error');
    this.stale();
    try {
      this.selection = await server.getSelectionInfo();
      view.replaceChildren(renderSelection(this.selection));
      problem.hidden = true;
    } catch (error) {
      this.selection = null;
      view.replaceChildren();
      problem.textContent = errorMessage(error);
      problem.hidden = false;
      return;
    }
    const { kind } = this.selection;
    if ((kind === 'email' || kind === 'phone') && this.operation() !== 'contacts') {
      this.operationRadios().forEach((radio) => (radio.checked = radio.value === 'contacts'));
      await this.operationChanged();
    }
  }

  private async operationChanged(): Promise<void> {
    this.stale();
    const operation = this.operation();
    try {
      const choices = this.choices.get(operation) ?? (await server.enrichmentFields(operation));
      this.choices.set(operation, choices);
      if (operation === this.operation()) this.picker.setChoices(choices);
    } catch (error) {
      this.status.fail(error, 'Could not list the fields: ');
    }
  }

  private request(): EnrichmentRequest | null {
    if (this.selection === null) {
      this.status.say('Select a column of inputs in the sheet, then click “Use current selection”.', 'error');
      return null;
    }
    const { sheetName, inputA1 } = this.selection;
    const fields = this.picker.names();
    const outputColumn = this.outputColumn.value.trim();
    return {
      sheetName,
      inputA1,
      operation: this.operation(),
      overwrite: this.overwrite.checked,
      ...(fields && { fields }),
      ...(outputColumn !== '' && { outputColumn }),
    };
  }

  /** The preview on screen no longer matches the form: hide it, and hold Start until a fresh one. */
  private stale(): void {
    this.shown = null;
    byId('enrich-preview-result').hidden = true;
    byId('enrich-start-hint').hidden = false;
    this.start.hold('no-preview');
    this.start.hold('nothing-to-do', false);
  }

  private async preview(): Promise<void> {
    const request = this.request();
    if (request === null) return;
    this.stale();
    this.previewButton.busy('Previewing…', PREVIEW_LABEL);
    try {
      const preview = await server.previewEnrichment(request);
      this.shown = { request, preview };
      const result = byId('enrich-preview-result');
      result.replaceChildren(renderPreview(preview));
      result.hidden = false;
      byId('enrich-start-hint').hidden = true;
      // The counts and cost appear above Start and push it down: keep it, and them above it, in view.
      this.start.button.scrollIntoView({ block: 'nearest' });
      this.start.hold('no-preview', false);
      this.start.hold('nothing-to-do', nothingToDo(preview));
      this.status.clear();
    } catch (error) {
      this.refused(error, request);
    } finally {
      this.previewButton.busy(null, PREVIEW_LABEL);
    }
  }

  /** The server's sentence: under the fields when it names one the user gave, else on the status line. */
  private refused(error: unknown, request: EnrichmentRequest): void {
    const message = errorMessage(error);
    const names = Array.isArray(request.fields) ? request.fields : [];
    if (names.some((name) => message.includes(name))) this.picker.field.reject(message);
    else this.status.say(message, 'error');
  }

  private async confirmAndStart(): Promise<void> {
    const shown = this.shown;
    if (shown === null) return;
    const { preview, request } = shown;
    const where = `${request.sheetName}!${request.inputA1}`;
    const step = confirmStep({
      question:
        `${ENRICH_OPERATIONS[request.operation].label} of ${count(preview.toFetch, 'row')} in ${where}: ` +
        `${costText(preview)}. The preview counted exactly this; start?`,
      confirmLabel: `Spend ${count(preview.credits, 'credit')}`,
      keepLabel: 'Back',
    });
    const area = byId('enrich-confirm');
    area.replaceChildren(step.element);
    this.start.hold('confirming');
    step.focus();
    const confirmed = await step.answer;
    area.replaceChildren();
    this.start.hold('confirming', false);
    if (confirmed) await this.startRun(request, where);
    else this.start.button.focus();
  }

  private async startRun(request: EnrichmentRequest, where: string): Promise<void> {
    this.start.busy('Starting…', START_LABEL);
    this.status.say('Starting the run…');
    try {
      const run = await server.startEnrichment(request);
      this.stale();
      this.onStarted(run);
      this.status.say(`Enrichment started: values go next to ${where}.`, 'success');
    } catch (error) {
      this.refused(error, request);
    } finally {
      this.start.busy(null, START_LABEL);
    }
  }
}

/** A radio per operation, the first chosen: its label, and what one row costs and takes. */
function operationChoices(): HTMLLabelElement[] {
  return (Object.keys(ENRICH_OPERATIONS) as EnrichOperation[]).map((operation, index) => {
    const { label, creditsEach, inputs } = ENRICH_OPERATIONS[operation];
    return el(
      'label',
      { class: 'choice' },
      el('input', { type: 'radio', name: 'enrich-operation', value: operation, checked: index === 0 }),
      el('span', {}, `${label} `, el('span', { class: 'hint' }, `${count(creditsEach, 'credit')} each · ${inputs}`)),
    );
  });
}
