// The entry: exposes the top-level functions Apps Script calls and nothing else. gas-webpack-plugin turns each
// `global.NAME = …` into a top-level `function NAME()` and copies the JSDoc above it (kept by `@preserve`).
import { onOpen, showSidebar } from './server/menu';
import { getSettings, saveSettings } from './server/settings';

declare const global: Record<string, unknown>;

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
global.showSettings = () => showSidebar('settings');

/**
 * Menu: opens the sidebar on its research panel.
 * @preserve
 */
global.showResearch = () => showSidebar('research');

/**
 * Sidebar: the current user's settings, with only a hint of the key.
 * @preserve
 */
global.getSettings = getSettings;

/**
 * Sidebar: validates and stores the current user's settings.
 * @param {Object} settings {apiKey?, baseUrl?, tier?}
 * @preserve
 */
global.saveSettings = saveSettings;
