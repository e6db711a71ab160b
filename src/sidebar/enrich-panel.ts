// The Enrich panel: the form that previews and starts a run over a column, and this document's runs. Both speak on
// one status line; without a key, Start is shut with the reason and the runs are not continued.
import { byId } from './dom';
import { EnrichForm } from './enrich-form';
import { EnrichRuns } from './enrich-runs';
import { KeyGate } from './key-gate';
import { StatusLine } from './status-line';

export class EnrichPanel {
  readonly runs: EnrichRuns;
  private readonly form: EnrichForm;
  private readonly keyGate: KeyGate;
  private formLoaded = false;

  constructor(options: { pollMs: number; showSettings(): void }) {
    const status = new StatusLine(byId('enrich-status'));
    this.runs = new EnrichRuns(status, options.pollMs, () => this.keyGate.hasKey);
    this.form = new EnrichForm(status, (run) => this.runs.started(run));
    this.keyGate = new KeyGate(byId('enrich-key-warning'), this.form.start, status);
    byId('enrich-key-warning-settings').addEventListener('click', options.showSettings);
  }

  /** Lists the runs (and goes on with the user's running ones) as soon as the sidebar opens. */
  async load(): Promise<void> {
    await this.runs.load();
  }

  /** The selection is read when the panel is first shown: the column the user picked by then. */
  async shown(): Promise<void> {
    if (this.formLoaded) return;
    this.formLoaded = true;
    await this.form.load();
  }

  keyChanged(hasKey: boolean): void {
    this.keyGate.update(hasKey);
    this.runs.loop.refresh();
  }
}
