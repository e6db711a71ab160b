// Granular consent (docs/platform.md, "Partial consent"): a user may grant only some of the manifest's scopes. The
// scopes by what they allow, the sentence that says what cannot work without each and how to allow it, and the
// reading of Google's refusal when a call meets a scope not granted. What each entry point needs: entry-needs.ts.

/** The manifest's scopes (appsscript.json), by what they let the add-on do. */
export const SCOPES = {
  spreadsheet: 'https://www.googleapis.com/auth/spreadsheets.currentonly',
  externalRequest: 'https://www.googleapis.com/auth/script.external_request',
  containerUi: 'https://www.googleapis.com/auth/script.container.ui',
  scriptApp: 'https://www.googleapis.com/auth/script.scriptapp',
} as const;

export type Permission = keyof typeof SCOPES;

/** The full spreadsheets scope covers what spreadsheets.currentonly allows. */
const ALSO_GRANTED_BY: Partial<Record<Permission, string>> = {
  spreadsheet: 'https://www.googleapis.com/auth/spreadsheets',
};

/** How Google's consent screen names each permission, so the user finds the box to tick. */
const CONSENT_LABELS: Record<Permission, string> = {
  spreadsheet: 'View and manage spreadsheets that this application has been installed in',
  externalRequest: 'Connect to an external service',
  containerUi: 'Display and run third-party web content in prompts and sidebars inside Google applications',
  scriptApp: 'Allow this application to run when you are not present',
};

/** Where a user is asked again for what they did not grant: opening the sidebar requires every scope it needs. */
const ASK_AGAIN = 'open Extensions → sheet-enrich → Settings… and allow it when Google asks';

/** What cannot work without each permission, and how to allow it: one sentence each. */
export const MISSING_PERMISSION_SENTENCES: Record<Permission, string> = {
  spreadsheet: `sheet-enrich may not read or write this spreadsheet, so nothing it does can work here; to allow "${CONSENT_LABELS.spreadsheet}", ${ASK_AGAIN}.`,
  externalRequest: `sheet-enrich may not connect to the service, so no data can be fetched; to allow "${CONSENT_LABELS.externalRequest}", ${ASK_AGAIN}.`,
  containerUi: `sheet-enrich may not show its sidebar or dialogs; to allow "${CONSENT_LABELS.containerUi}", choose the menu item again and allow it when Google asks.`,
  scriptApp: `Background work is off because you did not allow "${CONSENT_LABELS.scriptApp}": runs and research go on only while this sidebar is open; choose Allow to turn it on.`,
};

/** The scopes to ask Google about for these permissions. */
export const scopesOf = (permissions: readonly Permission[]): string[] =>
  permissions.map((permission) => SCOPES[permission]);

/** Of `permissions`, those not covered by the granted scopes. */
export function missingPermissions(permissions: readonly Permission[], granted: readonly string[]): Permission[] {
  const has = new Set(granted);
  return permissions.filter((permission) => {
    const alternative = ALSO_GRANTED_BY[permission];
    return !has.has(SCOPES[permission]) && (alternative === undefined || !has.has(alternative));
  });
}

/** Google's refusal of a call whose scope the user did not grant names the scope, or its alternatives. */
const REFUSAL = /You do not have permission to call [\w.]+\. Required permissions: (.+)$/m;

/** The permission a refused call needed, read from Google's message; null when the message is no such refusal. */
export function refusedPermission(message: string): Permission | null {
  const required = REFUSAL.exec(message)?.[1];
  if (required === undefined) return null;
  const permissions = Object.keys(SCOPES) as Permission[];
  return (
    permissions.find((permission) => required.includes(SCOPES[permission])) ??
    (required.includes(ALSO_GRANTED_BY.spreadsheet!) ? 'spreadsheet' : null)
  );
}
