// The title bar's chip: which API the owner's formulas call and with which key, read from the owner's settings as
// they are now, so it follows Settings… saving or removing a key. Only the key's hint is shown.
import { keyHint, SETTING_KEYS } from '../../src/core/settings';

/** The mock npm start runs, and its demo key; null when the playground calls a real service. */
export interface LocalMock {
  url: string;
  demoKey: string;
}

/** The chip's text for the owner's stored settings (their user properties). */
export function apiLabel(ownerProperties: Record<string, string>, mock: LocalMock | null): string {
  const apiKey = ownerProperties[SETTING_KEYS.apiKey];
  const baseUrl = ownerProperties[SETTING_KEYS.baseUrl];
  const where = baseUrl === undefined ? 'Built-in API URL' : mock && baseUrl === mock.url ? 'Local mock API' : baseUrl;
  if (apiKey === undefined) return `${where} · no API key: Extensions → sheet-enrich → Settings…`;
  const which = mock && apiKey === mock.demoKey ? 'demo key' : 'key';
  return `${where} · ${which} ${keyHint(apiKey)}`;
}
