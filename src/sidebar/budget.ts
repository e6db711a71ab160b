// The formula daily budget as the settings form takes it: a whole number of credits, or empty for no limit.
import { MAX_FORMULA_DAILY_BUDGET } from '../core/contract';

export const BUDGET_RULE = `The daily budget must be a whole number of credits from 0 to ${MAX_FORMULA_DAILY_BUDGET.toLocaleString('en-US')}, or empty for no limit.`;

/** null for "no limit"; undefined when the text is not a budget (BUDGET_RULE says why). */
export function parseBudget(text: string): number | null | undefined {
  // Thousands separators as people type them: "10,000", "10 000".
  const digits = text.replace(/[\s,_]/g, '');
  if (digits === '') return null;
  if (!/^\d+$/.test(digits)) return undefined;
  const budget = Number(digits);
  return budget <= MAX_FORMULA_DAILY_BUDGET ? budget : undefined;
}

/** The budget as the field shows it: empty for no limit. */
export function budgetText(budget: number | null): string {
  return budget === null ? '' : String(budget);
}
