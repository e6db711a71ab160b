declare const __API_BASE_URL__: string;

/** The production base URL, fixed at build time (API_BASE_URL=https://… npm run build). */
export const DEFAULT_BASE_URL: string = __API_BASE_URL__;

export const ADDON_NAME = 'sheet-enrich';
