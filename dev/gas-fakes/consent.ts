// Granular consent: since 2025 a user authorizing an Editor add-on may grant only some of the manifest's scopes.
// The fakes keep which scopes each user granted (by default all of the manifest's), refuse a service call whose
// scope is missing with Google's message, and record every consent prompt ScriptApp.requireScopes showed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const SCOPES = {
  spreadsheetsCurrentOnly: 'https://www.googleapis.com/auth/spreadsheets.currentonly',
  spreadsheets: 'https://www.googleapis.com/auth/spreadsheets',
  externalRequest: 'https://www.googleapis.com/auth/script.external_request',
  containerUi: 'https://www.googleapis.com/auth/script.container.ui',
  scriptApp: 'https://www.googleapis.com/auth/script.scriptapp',
} as const;

/** What Google throws where it cannot show the consent prompt (custom functions, triggers). */
export const AUTHORIZATION_REQUIRED_MESSAGE = 'Authorization is required to perform that action.';

/** The repository's manifest, whose oauthScopes a user is asked to grant. */
const MANIFEST_PATH = join(__dirname, '..', '..', 'appsscript.json');

export function manifestScopes(): string[] {
  const manifest = JSON.parse(readFileSync(MANIFEST_PATH, 'utf8')) as { oauthScopes?: string[] };
  return manifest.oauthScopes ?? [];
}

/** A consent prompt Google showed because ScriptApp.requireScopes found scopes missing. */
export interface ConsentPrompt {
  user: string;
  /** The execution mode that asked (menu or sidebar). */
  mode: string;
  /** The scopes asked for that the user had not granted. */
  missing: string[];
}

/**
 * What an execution ended with once ScriptApp.requireScopes showed the consent prompt: the script cannot catch it
 * (Google ends the execution), so env.run and the bundle's calls throw this, in the tests' realm.
 */
export class ConsentPromptShown extends Error {
  constructor(readonly prompt: ConsentPrompt) {
    super(`Authorization required: the consent prompt was shown for ${prompt.missing.join(', ')}.`);
    this.name = 'ConsentPromptShown';
  }
}

/** Who granted what. A user not set explicitly has granted `defaultGrant`. */
export class ConsentTable {
  readonly prompts: ConsentPrompt[] = [];
  private readonly grants = new Map<string, Set<string>>();
  private defaultGrant: Set<string>;

  constructor(
    readonly manifest: readonly string[],
    granted: readonly string[] = manifest,
  ) {
    this.defaultGrant = new Set(granted);
  }

  granted(user: string): string[] {
    return [...(this.grants.get(user) ?? this.defaultGrant)];
  }

  /** Replaces what `user` granted, or, without a user, what every user not set explicitly granted. */
  setGranted(scopes: readonly string[], user?: string): void {
    if (user === undefined) this.defaultGrant = new Set(scopes);
    else this.grants.set(user, new Set(scopes));
  }

  /** Of `scopes`, those `user` has not granted. */
  missing(user: string, scopes: readonly string[]): string[] {
    const granted = this.grants.get(user) ?? this.defaultGrant;
    return scopes.filter((scope) => !granted.has(scope));
  }

  /** Whether `user` granted at least one of `anyOf` (an empty list needs nothing). */
  allows(user: string, anyOf: readonly string[]): boolean {
    return anyOf.length === 0 || this.missing(user, anyOf).length < anyOf.length;
  }
}

/** Google's "Required permissions" part: one scope, or the alternatives as `(a || b)`. */
export function requiredPermissions(anyOf: readonly string[]): string {
  return anyOf.length === 1 ? anyOf[0] : `(${anyOf.join(' || ')})`;
}
