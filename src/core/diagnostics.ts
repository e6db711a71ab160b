// Help → "Check this spreadsheet": settles on the real platform what one execution can of docs/platform.md's
// "Uncertain behaviours", and what a support request needs (permissions granted, the key's hint and whether the
// service accepts it, how the add-on was installed), as plain text a user can copy. Each check stands alone: one
// that fails says so and the others still run. The key itself never appears, only its hint.
import type { ApiClient } from './api/client';
import type { Consent, PlatformProbe } from './ports';
import { SCOPES, type Permission } from './scopes';
import { KEY_CHECK_JOB_ID, keyHint, type Settings } from './settings';
import { errorMessage } from './text';

/** The texts Sheets would parse if nothing stopped it (docs/platform.md, "Writing cells"). */
export const PARSE_PROBES: readonly string[] = ['=1+1', '+14155550100', '1-10', '00501', 'TRUE'];

export interface DiagnosticsPorts {
  probe: PlatformProbe;
  consent: Consent;
  settings: Settings;
  /** A client with the user's key and base URL; null without a key. */
  client: ApiClient | null;
  /** The unique id kept for the user's background trigger of this document; null when none is known. */
  triggerUid: string | null;
  /** The trigger's function in src/Code.ts. */
  handler: string;
  /** Epoch ms: the report's time, and the key check's start. */
  now: number;
}

export interface DiagnosticLine {
  check: string;
  result: string;
}

/** The key check waits at most this long: the user waits on the dialog. */
const KEY_CHECK_MS = 20_000;

export function runDiagnostics(ports: DiagnosticsPorts): DiagnosticLine[] {
  const missing = ports.consent.missing(Object.keys(SCOPES) as Permission[]);
  const granted = (permission: Permission) => !missing.includes(permission);
  const line = (check: string, result: () => string): DiagnosticLine => ({ check, result: settled(result) });
  return [
    { check: 'Checked at', result: new Date(ports.now).toISOString() },
    line('Permissions', () => permissionsResult(missing)),
    line('Installed from', () => ports.probe.installationSource()),
    line('Plain-text cells stop setValues from parsing', () => plainTextResult(ports.probe)),
    line('getUserTriggers lists the add-on’s trigger', () =>
      granted('scriptApp') ? triggerResult(ports) : 'not checked: background work (script.scriptapp) is not allowed',
    ),
    line('API key', () =>
      granted('externalRequest') ? keyResult(ports) : 'not checked: connecting to the service is not allowed',
    ),
    { check: 'Service', result: ports.settings.baseUrl },
  ];
}

/** The report as plain text, one "check: result" line each. */
export function reportText(lines: readonly DiagnosticLine[]): string {
  return ['sheet-enrich diagnostics', ...lines.map(({ check, result }) => `${check}: ${result}`)].join('\n');
}

function settled(result: () => string): string {
  try {
    return result();
  } catch (error) {
    return `could not check (${errorMessage(error)})`;
  }
}

/** The short name of a scope, as the manifest's tail: "script.external_request". */
const scopeName = (permission: Permission) => SCOPES[permission].replace('https://www.googleapis.com/auth/', '');

function permissionsResult(missing: readonly Permission[]): string {
  const all = Object.keys(SCOPES) as Permission[];
  const names = (permissions: Permission[]) =>
    permissions.length === 0 ? 'none' : permissions.map(scopeName).join(', ');
  return `granted ${names(all.filter((permission) => !missing.includes(permission)))}; not granted ${names([...missing])}`;
}

function plainTextResult(probe: PlatformProbe): string {
  const { values, formulas } = probe.plainTextRoundTrip(PARSE_PROBES);
  const parsed = PARSE_PROBES.flatMap((text, i) => {
    if (formulas[i] !== '' && formulas[i] !== undefined) return [`${text} became a formula`];
    return values[i] === text ? [] : [`${text} became ${typeof values[i]} ${String(values[i])}`];
  });
  if (parsed.length === 0) return `yes (all ${PARSE_PROBES.length} test texts stayed text)`;
  return `no (${parsed.join('; ')}); the add-on writes such text as rich text, which Sheets never parses`;
}

function triggerResult(ports: DiagnosticsPorts): string {
  const { inDocument, inProject } = ports.probe.listedTriggers(ports.handler);
  const uid = ports.triggerUid;
  if (uid === null) {
    const listed = inDocument.length > 0 ? `it lists ${inDocument.length}` : 'it lists none';
    return `unknown: no background trigger of yours is known in this document (${listed}); start a research job or a run, then check again`;
  }
  if (inDocument.includes(uid)) return 'yes';
  if (inProject.includes(uid)) return 'no (only getProjectTriggers lists it)';
  return 'no (neither listing shows it: it may have been deleted)';
}

/** Reading a job no one has costs nothing; the answer says whether the service accepts the key (settings.ts). */
function keyResult(ports: DiagnosticsPorts): string {
  const { settings, client } = ports;
  if (settings.apiKey === null || client === null) return 'none set';
  const hint = keyHint(settings.apiKey);
  const answer = client.getResearchJob(KEY_CHECK_JOB_ID, undefined, { deadline: ports.now + KEY_CHECK_MS });
  if (answer.ok) return `${hint} accepted`;
  const { kind, message } = answer.error;
  if (kind === 'unauthorized') return `${hint} rejected by the service (401)`;
  if (kind === 'not_found' || kind === 'forbidden' || kind === 'no_credits') return `${hint} accepted`;
  return `${hint} could not be checked: ${message}`;
}

/** Text as HTML text: the report holds the service's and Google's words, which must never become markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
