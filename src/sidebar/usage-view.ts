// Credits spent, from the add-on's own ledger: by this document's formulas (billed to the owner's key) and by the
// user's own sidebar work here, today and this month (UTC).
import type { UsageView } from '../core/contract';
import { errorMessage } from '../core/text';
import { byId } from './dom';
import { server } from './server';

export class UsageTable {
  private readonly cells = {
    formulasToday: byId('usage-formulas-today'),
    formulasMonth: byId('usage-formulas-month'),
    mineToday: byId('usage-mine-today'),
    mineMonth: byId('usage-mine-month'),
  };
  private readonly note = byId('usage-note');

  async load(): Promise<void> {
    try {
      this.show(await server.getUsage());
    } catch (error) {
      this.note.textContent = `Credits spent could not be read: ${errorMessage(error)}`;
      this.note.dataset.tone = 'error';
    }
  }

  private show(usage: UsageView): void {
    const credits = (n: number) => n.toLocaleString('en-US');
    this.cells.formulasToday.textContent = credits(usage.formulas.today);
    this.cells.formulasMonth.textContent = credits(usage.formulas.month);
    this.cells.mineToday.textContent = credits(usage.mine.today);
    this.cells.mineMonth.textContent = credits(usage.mine.month);
    this.note.textContent = `Today is ${usage.day} and this month ${usage.month}, in UTC. Counted by the add-on as it spends.`;
    delete this.note.dataset.tone;
  }
}
