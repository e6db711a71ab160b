// userConsent over the fakes' ScriptApp: which permissions the running user lacks (one getAuthorizationInfo), and
// requireScopes showing Google's prompt for missing ones.
import { ConsentPromptShown, SCOPES } from '../../dev/gas-fakes';
import { userConsent } from '../../src/adapters/consent';
import { EDITOR, newEnv } from '../fakes/gas';
import { inScript } from './gas-globals';

const ALL = [SCOPES.spreadsheetsCurrentOnly, SCOPES.externalRequest, SCOPES.containerUi, SCOPES.scriptApp];

describe('userConsent', () => {
  it('answers the permissions the user has not granted, in one question to Google', () => {
    const env = newEnv({ grantedScopes: [SCOPES.spreadsheetsCurrentOnly, SCOPES.containerUi] });
    const missing = inScript(env, () =>
      userConsent.missing(['spreadsheet', 'externalRequest', 'containerUi', 'scriptApp']),
    );
    expect(missing).toEqual(['externalRequest', 'scriptApp']);
    expect(env.stats.callsByName['ScriptApp.getAuthorizationInfo']).toBe(1);
    expect(inScript(env, () => userConsent.missing([]))).toEqual([]);
    expect(env.stats.callsByName['ScriptApp.getAuthorizationInfo']).toBe(1);
  });

  it('answers per user', () => {
    const env = newEnv();
    env.consent.setGranted([SCOPES.spreadsheetsCurrentOnly], EDITOR);
    expect(inScript(env, () => userConsent.missing(['scriptApp']), 'sidebar')).toEqual([]);
    expect(inScript(env, () => userConsent.missing(['scriptApp']), 'sidebar', EDITOR)).toEqual(['scriptApp']);
  });

  it('returns when everything asked for is granted, and shows Google’s prompt for what is not', () => {
    const env = newEnv({ grantedScopes: ALL.filter((scope) => scope !== SCOPES.scriptApp) });
    inScript(env, () => userConsent.require(['spreadsheet', 'externalRequest']), 'sidebar');
    expect(env.consent.prompts).toEqual([]);
    expect(() => inScript(env, () => userConsent.require(['externalRequest', 'scriptApp']), 'sidebar')).toThrow(
      ConsentPromptShown,
    );
    expect(env.consent.prompts).toEqual([{ user: 'owner@example.com', mode: 'sidebar', missing: [SCOPES.scriptApp] }]);
  });
});
