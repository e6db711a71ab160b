// The owner's daily formula budget as one formula call meets it: reserve before sending, settle to what was spent,
// and the sentence for rows the budget left unfetched.
import { budgetReached, reserveCredits } from '../../../src/core/formulas/budget';
import type { FormulaContext, FormulaSpending } from '../../../src/core/formulas/context';
import { json } from '../api/fakes';
import { formulaSetup } from './fakes';

/** A spending ledger that grants at most `left` credits and records what it is told. */
function ledger(left: number, busy = false) {
  const settled: Array<[number, number]> = [];
  const spending: FormulaSpending = {
    reserve: (wanted) => (busy ? 0 : Math.min(wanted, left)),
    settle: (reserved, spent) => settled.push([reserved, spent]),
    ledgerBusy: () => busy,
  };
  return { spending, settled };
}

function contextWith(budget: number | null, spending?: FormulaSpending): FormulaContext {
  const base = formulaSetup(() => json(200, {})).context();
  return { ...base, settings: { ...base.settings, formulaDailyBudget: budget }, spending };
}

describe('reserveCredits', () => {
  it('limits the call to what the ledger grants when the owner set a budget', () => {
    const { spending } = ledger(3);
    expect(reserveCredits(contextWith(100, spending), 10).creditBudget).toBe(3);
    expect(reserveCredits(contextWith(100, spending), 2).creditBudget).toBe(2);
  });

  it('sets no limit without a budget, though the ledger still counts', () => {
    const { spending, settled } = ledger(3);
    const reservation = reserveCredits(contextWith(null, spending), 10);
    expect(reservation.creditBudget).toBeUndefined();
    reservation.settle(7);
    expect(settled).toEqual([[3, 7]]);
  });

  it('settles the reservation to what the call spent', () => {
    const { spending, settled } = ledger(50);
    reserveCredits(contextWith(100, spending), 20).settle(4);
    expect(settled).toEqual([[20, 4]]);
  });

  it('allows the worst case when nothing counts spending', () => {
    const reservation = reserveCredits(contextWith(100), 12);
    expect(reservation.creditBudget).toBe(12);
    expect(() => reservation.settle(12)).not.toThrow();
  });
});

describe('budgetReached', () => {
  it('names the budget, with thousands separated, and says when the rest can be fetched', () => {
    expect(budgetReached(contextWith(2500))).toBe(
      "The spreadsheet owner's daily formula budget of 2,500 credits is reached; cached rows still show, and the " +
        'rest can be fetched after midnight UTC or once the owner raises the budget.',
    );
  });

  it('says "credit" for a budget of one', () => {
    expect(budgetReached(contextWith(1))).toMatch(/budget of 1 credit is reached/);
  });

  it('says the budget could not be checked, to retry, when the ledger was busy', () => {
    const { spending } = ledger(50, true);
    const context = contextWith(100, spending);
    expect(reserveCredits(context, 5).creditBudget).toBe(0);
    expect(budgetReached(context)).toBe(
      "The spreadsheet owner's daily formula budget could not be checked while another action in this document was " +
        'saving; recalculate in a moment (cached rows still show).',
    );
  });
});
