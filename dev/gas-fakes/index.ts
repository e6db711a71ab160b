// In-memory fakes of the Apps Script services sheet-enrich uses, enforcing the rules of docs/platform.md.
export {
  createGasEnvironment,
  type ExecutionInfo,
  type GasEnvironment,
  type GasEnvironmentOptions,
} from './environment';
export { loadBundle, type Bundle, type FiredTrigger, type LoadBundleOptions } from './bundle';
export {
  CUSTOM_FUNCTION_LIMIT_MS,
  EXECUTION_LIMIT_MS,
  TIMEOUT_MESSAGE,
  type ClockMode,
  type ExecutionMode,
  type RuntimeStats,
} from './runtime';
export {
  FakeSheet,
  FakeSpreadsheet,
  type Cell,
  type NamedRangeEntry,
  type SheetSelection,
  type SortKey,
  type SpreadsheetStats,
} from './spreadsheet-model';
export type { CellValue } from './cell-input';
export type { MenuItemRecord, MenuRecord, UiLog } from './ui';
export type { RecordedRequest } from './url-fetch';
export type { RefusedTrigger, ScriptKind, TriggerInfo } from './script-app';
export { AUTHORIZATION_REQUIRED_MESSAGE, ConsentPromptShown, SCOPES, type ConsentPrompt } from './consent';
export type { InterleaveEvent, InterleaveOptions, InterleaveOutcome, InterleaveResult } from './interleave';
export { DEFAULT_UNCERTAIN_ANSWERS, type InstallationSource, type UncertainAnswers } from './uncertain';
export { DIST_DIR, loadBuiltAddon, readBuiltAddon, type BuiltAddon, type LoadedAddon } from './addon';
