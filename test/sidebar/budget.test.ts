import { MAX_FORMULA_DAILY_BUDGET } from '../../src/core/contract';
import { budgetText, parseBudget } from '../../src/sidebar/budget';

test('a budget is a whole number from 0 to 1,000,000; empty is no limit', () => {
  expect(parseBudget('')).toBeNull();
  expect(parseBudget('   ')).toBeNull();
  expect(parseBudget('0')).toBe(0);
  expect(parseBudget('1,000,000')).toBe(1_000_000);
  expect(parseBudget('25 000')).toBe(25_000);
  for (const refused of ['1000001', '-1', '2.5', '1e3', 'ten', '0x10']) expect(parseBudget(refused)).toBeUndefined();
});

test('the field shows no limit as empty', () => {
  expect(budgetText(null)).toBe('');
  expect(budgetText(500)).toBe('500');
});

test('the form takes budgets up to the cap the server enforces', () => {
  expect(parseBudget(String(MAX_FORMULA_DAILY_BUDGET))).toBe(MAX_FORMULA_DAILY_BUDGET);
  expect(parseBudget(String(MAX_FORMULA_DAILY_BUDGET + 1))).toBeUndefined();
});
