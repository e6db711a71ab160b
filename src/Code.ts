// The entry: exposes the top-level functions Apps Script calls and nothing else. gas-webpack-plugin turns each
// `global.NAME = …` into a top-level `function NAME()` and copies the JSDoc above it (kept by `@preserve`).
import {
  enrichProfile,
  findContacts,
  scrapeProfile,
  searchCompaniesFormula,
  searchPeopleFormula,
} from './server/formulas';
import { onOpen, showSidebar } from './server/menu';
import { showHelp } from './server/help';
import { checkSpreadsheet } from './server/diagnostics';
import type { SidebarServer } from './core/contract';
import { runBackgroundWork } from './server/background';
import { cancelResearch, listResearchJobs, openResearchSheet, pollResearch, startResearch } from './server/research';
import { getSettings, saveSettings } from './server/settings';
import { convertSelectionFromMenu, convertToValues } from './server/convert';
import {
  cancelEnrichment,
  continueEnrichment,
  enrichmentFields,
  getSelectionInfo,
  listChanges,
  listEnrichments,
  pauseEnrichment,
  previewEnrichment,
  resumeEnrichment,
  retryFailedEnrichment,
  scheduleRefresh,
  selectChange,
  startEnrichment,
} from './server/enrichment';
import { getUsage } from './server/usage';
import { allowBackgroundWork, getConsent, withPermissions } from './server/consent';

// Typed by the sidebar contract, so each sidebar function here has the signature the sidebar calls it with;
// test/build/entry-contract.test.ts checks that none is missing.
declare const global: Partial<SidebarServer> & Record<string, unknown>;

/**
 * Builds the sheet-enrich menu when the spreadsheet opens.
 * @param {Object} e the open event
 * @preserve
 */
global.onOpen = (_e?: unknown) => onOpen();

/**
 * Builds the menu right after the add-on is installed.
 * @param {Object} e the install event
 * @preserve
 */
global.onInstall = (_e?: unknown) => onOpen();

/**
 * Menu: opens the sidebar on its settings panel.
 * @preserve
 */
global.showSettings = () => withPermissions('showSettings', () => showSidebar('settings'));

/**
 * Menu: opens the sidebar on its research panel.
 * @preserve
 */
global.showResearch = () => withPermissions('showResearch', () => showSidebar('research'));

/**
 * Menu: shows the help dialog (what the add-on does, costs, who pays, turning it on in a document).
 * @preserve
 */
global.showHelp = () => withPermissions('showHelp', () => showHelp());

/**
 * Menu (Help): checks on this spreadsheet what Google does not document, the permissions granted, the key (by its hint
 * only) and how the add-on was installed, and shows a report to copy into a support request.
 * @preserve
 */
global.checkSpreadsheet = () => withPermissions('checkSpreadsheet', () => checkSpreadsheet());

/**
 * Menu: opens the sidebar on its Enrich panel, for the selected column.
 * @preserve
 */
global.showEnrich = () => withPermissions('showEnrich', () => showSidebar('enrich'));

/**
 * Menu: turns sheet-enrich's formulas in the selection (with all they spilled) into plain values, and says how many
 * cells it wrote.
 * @preserve
 */
global.convertSelectionToValues = () => withPermissions('convertSelectionToValues', () => convertSelectionFromMenu());

/**
 * Sidebar: the current user's settings, with only a hint of the key.
 * @preserve
 */
global.getSettings = () => withPermissions('getSettings', () => getSettings());

/**
 * Sidebar: validates and stores the current user's settings.
 * @param {Object} settings {apiKey?, baseUrl?, tier?}
 * @preserve
 */
global.saveSettings = (settings) => withPermissions('saveSettings', () => saveSettings(settings));

/**
 * Sidebar: credits spent today and this month (UTC), by this spreadsheet's formulas and by the caller's own work.
 * @preserve
 */
global.getUsage = () => withPermissions('getUsage', () => getUsage());

/**
 * Sidebar: whether background work is allowed (granular consent), and why not.
 * @preserve
 */
global.getConsent = () => withPermissions('getConsent', () => getConsent());

/**
 * Sidebar: asks for the permission background work needs; Google shows its consent prompt.
 * @preserve
 */
global.allowBackgroundWork = () => withPermissions('allowBackgroundWork', () => allowBackgroundWork());

/**
 * Sidebar: starts a research job, creates its results sheet and arranges background polling.
 * @param {Object} request {query, limit?, columns?}
 * @preserve
 */
global.startResearch = (request) => withPermissions('startResearch', () => startResearch(request));

/**
 * Sidebar: the research jobs of this spreadsheet, newest first.
 * @preserve
 */
global.listResearchJobs = () => withPermissions('listResearchJobs', () => listResearchJobs());

/**
 * Sidebar: polls one job, or every unfinished job, once and writes new results.
 * @param {string} jobId optional
 * @preserve
 */
global.pollResearch = (jobId) => withPermissions('pollResearch', () => pollResearch(jobId ?? undefined)); // null: no job given

/**
 * Sidebar: asks the service to cancel a job; rows already written stay.
 * @param {string} jobId
 * @preserve
 */
global.cancelResearch = (jobId) => withPermissions('cancelResearch', () => cancelResearch(jobId));

/**
 * Sidebar: shows a job's results sheet.
 * @param {string} jobId
 * @preserve
 */
global.openResearchSheet = (jobId) => withPermissions('openResearchSheet', () => openResearchSheet(jobId));

/**
 * Sidebar: the selected column as the Enrich panel shows it (header, kind of inputs, a sample).
 * @preserve
 */
global.getSelectionInfo = () => withPermissions('getSelectionInfo', () => getSelectionInfo());

/**
 * Sidebar: the field names an enrichment can write, and the matching formula's defaults.
 * @param {string} operation scrape, profile or contacts
 * @preserve
 */
global.enrichmentFields = (operation) => withPermissions('enrichmentFields', () => enrichmentFields(operation));

/**
 * Sidebar: what enriching a column would do and cost; sends no request.
 * @param {Object} request {sheetName, inputA1, operation, fields?, overwrite?}
 * @preserve
 */
global.previewEnrichment = (request) => withPermissions('previewEnrichment', () => previewEnrichment(request));

/**
 * Sidebar: registers an enrichment run, writes its headers and arranges its continuation.
 * @param {Object} request {sheetName, inputA1, operation, fields?, overwrite?}
 * @preserve
 */
global.startEnrichment = (request) => withPermissions('startEnrichment', () => startEnrichment(request));

/**
 * Sidebar: works on one run, or every running run the caller started, for about 4.5 minutes.
 * @param {string} runId optional
 * @preserve
 */
global.continueEnrichment = (runId) =>
  withPermissions('continueEnrichment', () => continueEnrichment(runId ?? undefined)); // null: every running run

/**
 * Sidebar: the enrichment runs of this spreadsheet, newest first.
 * @preserve
 */
global.listEnrichments = () => withPermissions('listEnrichments', () => listEnrichments());

/**
 * Sidebar: pauses a run; rows already written stay.
 * @param {string} runId
 * @preserve
 */
global.pauseEnrichment = (runId) => withPermissions('pauseEnrichment', () => pauseEnrichment(runId));

/**
 * Sidebar: resumes a paused run.
 * @param {string} runId
 * @preserve
 */
global.resumeEnrichment = (runId) => withPermissions('resumeEnrichment', () => resumeEnrichment(runId));

/**
 * Sidebar: cancels a run; rows already written stay.
 * @param {string} runId
 * @preserve
 */
global.cancelEnrichment = (runId) => withPermissions('cancelEnrichment', () => cancelEnrichment(runId));

/**
 * Sidebar: runs a run's rows whose status is ERROR again.
 * @param {string} runId
 * @preserve
 */
global.retryFailedEnrichment = (runId) => withPermissions('retryFailedEnrichment', () => retryFailedEnrichment(runId));

/**
 * Sidebar: the latest changes refreshes found, of one run or of the document, newest first.
 * @param {string=} runId
 * @param {number=} limit
 * @preserve
 */
global.listChanges = (runId, limit) => withPermissions('listChanges', () => listChanges(runId, limit));

/**
 * Sidebar: sets, or with null stops, a run's refresh schedule.
 * @param {string} runId
 * @param {Object} schedule
 * @preserve
 */
global.scheduleRefresh = (runId, schedule) =>
  withPermissions('scheduleRefresh', () => scheduleRefresh(runId, schedule));

/**
 * Sidebar: selects a logged change's cell so the user sees it.
 * @param {Object} change
 * @preserve
 */
global.selectChange = (change) => withPermissions('selectChange', () => selectChange(change));

/**
 * Sidebar: turns sheet-enrich's formulas in the selection (with all they spilled) into plain values.
 * @preserve
 */
global.convertToValues = () => withPermissions('convertToValues', () => convertToValues());

/**
 * Time-driven trigger: continues the background work (research jobs, enrichment runs) of the user who created it.
 * @param {Object} e the time-driven event
 * @preserve
 */
global.runBackgroundWork = (e?: unknown) => runBackgroundWork(e);

/**
 * Scrapes live profile data (2 credits per profile; cached 6 hours). A range gives one row per cell.
 * @param {"https://www.network.com/in/jane-doe"} profile_url A profile URL, or one column of them (A2:A100): one output row per cell.
 * @param {"name, headline, experience.1.employer_name"} fields Optional. Field names separated by commas, or a range of header cells. Default: the essentials.
 * @param {FALSE} include_headers Optional. TRUE prints a header row above the rows (put the formula in the header row). Default FALSE, so each row lines up with its input.
 * @return Profile data, one row per profile.
 * @customfunction
 * @preserve
 */
global.SCRAPE_PROFILE = (profile_url: unknown, fields?: unknown, include_headers?: unknown) =>
  scrapeProfile(profile_url, fields, include_headers);

/**
 * Finds emails, phones and social links by profile URL, email or phone (1 credit per lookup; cached 6 hours).
 * @param {"jane@example.com"} lookup A profile URL, an email or a phone number (typed as '+14155550100), or one column of them: one output row per cell.
 * @param {"email, phone, li"} fields Optional. Field names separated by commas, or a range of header cells. Default: best email, phone and profile link.
 * @param {FALSE} include_headers Optional. TRUE prints a header row above the rows (put the formula in the header row). Default FALSE, so each row lines up with its input.
 * @return Contacts, one row per lookup.
 * @customfunction
 * @preserve
 */
global.FIND_CONTACTS = (lookup: unknown, fields?: unknown, include_headers?: unknown) =>
  findContacts(lookup, fields, include_headers);

/**
 * Searches companies in plain language (1 credit per result; cached 6 hours).
 * @param {"fintech startups in Berlin"} query What you are looking for.
 * @param {10} limit Optional. Most results, 1 to 100. Default 10.
 * @param {73} acceptance_threshold Optional. Minimum match score, 0 to 100. Default 73.
 * @param {"company_name, company_website"} fields Optional. Field names, or a range of header cells. Default: essentials plus one column per criterion.
 * @param {TRUE} include_headers Optional. Print a header row. Default TRUE.
 * @return One row per company.
 * @customfunction
 * @preserve
 */
global.SEARCH_COMPANIES = (
  query: unknown,
  limit?: unknown,
  acceptance_threshold?: unknown,
  fields?: unknown,
  include_headers?: unknown,
) => searchCompaniesFormula(query, limit, acceptance_threshold, fields, include_headers);

/**
 * Searches people in plain language (1 credit per result; cached 6 hours).
 * @param {"data engineers in Lisbon"} query Who you are looking for.
 * @param {10} limit Optional. Most results, 1 to 100. Default 10.
 * @param {"full_name, headline, network_url"} fields Optional. Field names, or a range of header cells. Default: the essentials.
 * @param {TRUE} include_headers Optional. Print a header row. Default TRUE.
 * @return One row per person.
 * @customfunction
 * @preserve
 */
global.SEARCH_PEOPLE = (query: unknown, limit?: unknown, fields?: unknown, include_headers?: unknown) =>
  searchPeopleFormula(query, limit, fields, include_headers);

/**
 * Returns the full profile record of a profile URL (1 credit per profile; cached 6 hours). A range gives one row per cell.
 * @param {"https://www.network.com/in/jane-doe"} profile_url A profile URL, or one column of them (A2:A100): one output row per cell.
 * @param {"full_name, experience.1.company_name, skills"} fields Optional. Field names, or a range of header cells. Default: the essentials.
 * @param {FALSE} include_headers Optional. TRUE prints a header row above the rows (put the formula in the header row). Default FALSE, so each row lines up with its input.
 * @return Profile records, one row per profile.
 * @customfunction
 * @preserve
 */
global.ENRICH_PROFILE = (profile_url: unknown, fields?: unknown, include_headers?: unknown) =>
  enrichProfile(profile_url, fields, include_headers);
