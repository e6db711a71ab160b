// This document's credits ledger (src/core/spending.ts) in document properties, written under the document lock.
import { localId } from '../adapters/ids';
import { documentStore } from '../adapters/properties';
import { documentLock, systemClock } from '../adapters/runtime';
import type { UsageView } from '../core/contract';
import type { FormulaSpending } from '../core/formulas/context';
import * as spending from '../core/spending';
import { currentSettings } from './settings';
import { knownUserId } from './user';

const ledgerPorts = () => ({ store: documentStore(), lock: documentLock(), clock: systemClock, newId: localId });

/**
 * The formulas' spending under the owner's daily budget (null: no limit). Inside a custom function the user
 * properties are the owner's, so the user id read there is the owner's.
 */
export const formulaSpending = (budget: number | null): FormulaSpending =>
  spending.formulaSpending(ledgerPorts(), budget, () => knownUserId());

/** Adds credits a user's own enrichment run spent in this document (the run holds the document lock). */
export const recordOwnSpend = (userId: string, credits: number): void =>
  spending.recordOwnSpend(ledgerPorts(), userId, credits);

/** Credits spent today and this month (UTC): by this document's formulas, and by the caller's own work. */
export const getUsage = (): UsageView =>
  spending.usageOf(ledgerPorts(), knownUserId(), currentSettings().formulaDailyBudget);
