// Credits spent, from the add-on's own ledger: by this document's formulas (billed to the owner's key) and by the
// user's own sidebar work here, today and this month (UTC); and the formulas' spend today against the owner's daily
// budget, so a budget about to stop the formulas is seen before a formula says so.
import type { UsageView } from '../core/contract';
import { errorMessage } from '../core/text';
import { byId } from './dom';
import { server } from './server';

const credits = (n: number) => n.toLocaleString('en-US');
const creditsWord = (n: number) => `${credits(n)} credit${n === 1 ? '' : 's'}`;

/** What the formulas spent today, with the budget when one is set ("16 of 50"). */
export function formulasTodayText(usage: UsageView): string {
  const today = credits(usage.formulas.today);
  return usage.formulaBudget === null ? today : `${today} of ${credits(usage.formulaBudget)}`;
}

/** The line under the table: what is left of the budget, that it is reached, or that there is none. */
export function budgetLine(usage: UsageView): { text: string; reached: boolean } {
  const budget = usage.formulaBudget;
  if (budget === null) {
    return {
      text: "No daily formula budget is set: this spreadsheet's formulas may spend without a limit.",
      reached: false,
    };
  }
  const spent = `${credits(usage.formulas.today)} of ${creditsWord(budget)} spent today`;
  const left = budget - usage.formulas.today;
  if (left > 0) return { text: `Daily formula budget: ${spent}, ${credits(left)} left.`, reached: false };
  return {
    text: `Budget reached: ${spent}. Formulas answer from the cache until tomorrow (UTC), or until the owner raises the budget.`,
    reached: true,
  };
}

export class UsageTable {
  private readonly cells = {
    formulasToday: byId('usage-formulas-today'),
    formulasMonth: byId('usage-formulas-month'),
    mineToday: byId('usage-mine-today'),
    mineMonth: byId('usage-mine-month'),
  };
  private readonly budget = byId('usage-budget');
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
    this.cells.formulasToday.textContent = formulasTodayText(usage);
    this.cells.formulasMonth.textContent = credits(usage.formulas.month);
    this.cells.mineToday.textContent = credits(usage.mine.today);
    this.cells.mineMonth.textContent = credits(usage.mine.month);
    const { text, reached } = budgetLine(usage);
    this.budget.textContent = text;
    this.budget.dataset.reached = String(reached);
    this.note.textContent = `Today is ${usage.day} and this month ${usage.month}, in UTC. Counted by the add-on as it spends.`;
    delete this.note.dataset.tone;
  }
}
