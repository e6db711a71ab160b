// The spreadsheet owner's daily formula budget, as each formula call meets it: before sending anything it reserves
// what it may cost (see FormulaSpending), sends no more than that, then settles to what it spent.
import type { FormulaContext } from './context';

export interface Reservation {
  /** What the call may spend; undefined when the owner set no daily budget (spending is still counted). */
  creditBudget: number | undefined;
  /** Replaces the reservation with what the call spent. */
  settle(spent: number): void;
}

export function reserveCredits(context: FormulaContext, worstCase: number): Reservation {
  const reserved = context.spending?.reserve(worstCase) ?? worstCase;
  return {
    creditBudget: context.settings.formulaDailyBudget === null ? undefined : reserved,
    settle: (spent) => context.spending?.settle(reserved, spent),
  };
}

/**
 * What a formula (or a row) the owner's daily budget left unfetched says: the budget is reached, or it could not be
 * checked this time (another execution held the ledger).
 */
export function budgetReached(context: FormulaContext): string {
  if (context.spending?.ledgerBusy() === true) {
    return "The spreadsheet owner's daily formula budget could not be checked while another action in this document was saving; recalculate in a moment (cached rows still show).";
  }
  const budget = context.settings.formulaDailyBudget ?? 0;
  const credits = `${budget.toLocaleString('en-US')} credit${budget === 1 ? '' : 's'}`;
  return `The spreadsheet owner's daily formula budget of ${credits} is reached; cached rows still show, and the rest can be fetched after midnight UTC or once the owner raises the budget.`;
}
