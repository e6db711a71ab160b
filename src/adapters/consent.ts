// Granular consent over ScriptApp: getAuthorizationInfo answers which of the scopes asked about are granted, and
// requireScopes shows Google's consent prompt for missing ones (docs/platform.md, "Partial consent").
import type { Consent } from '../core/ports';
import { missingPermissions, scopesOf } from '../core/scopes';

/** @types/google-apps-script lacks getAuthorizationInfo's scopes argument and getAuthorizedScopes. */
interface ScopedAuthorization {
  getAuthorizationInfo(
    authMode: GoogleAppsScript.Script.AuthMode,
    oAuthScopes: string[],
  ): { getAuthorizedScopes(): string[] | null };
}

export const userConsent: Consent = {
  missing(permissions) {
    if (permissions.length === 0) return [];
    const scriptApp = ScriptApp as unknown as ScopedAuthorization;
    const info = scriptApp.getAuthorizationInfo(ScriptApp.AuthMode.FULL, scopesOf(permissions));
    return missingPermissions(permissions, info.getAuthorizedScopes() ?? []);
  },
  require(permissions) {
    if (permissions.length > 0) ScriptApp.requireScopes(ScriptApp.AuthMode.FULL, scopesOf(permissions));
  },
};
