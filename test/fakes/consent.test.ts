import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  AUTHORIZATION_REQUIRED_MESSAGE,
  ConsentPromptShown,
  SCOPES,
  loadBundle,
  type GasEnvironment,
} from '../../dev/gas-fakes';
import { EDITOR, OWNER, gas, newEnv } from './gas';

/** The members @types/google-apps-script lacks or types with numeric enums. */
interface AuthorizationInfo {
  getAuthorizationStatus(): string;
  getAuthorizationUrl(): string | null;
  getAuthorizedScopes(): string[];
}
interface ConsentScriptApp {
  AuthMode: Record<'NONE' | 'LIMITED' | 'FULL' | 'CUSTOM_FUNCTION', string>;
  AuthorizationStatus: Record<'REQUIRED' | 'NOT_REQUIRED', string>;
  getAuthorizationInfo(authMode: string, scopes?: string[]): AuthorizationInfo;
  requireScopes(authMode: string, scopes: string[]): void;
  requireAllScopes(authMode: string): void;
}

const scriptApp = (env: GasEnvironment) => env.globals.ScriptApp as ConsentScriptApp;
const MANIFEST: string[] = (
  JSON.parse(readFileSync(join(__dirname, '..', '..', 'appsscript.json'), 'utf8')) as { oauthScopes: string[] }
).oauthScopes;
const withoutScope = (scope: string) => MANIFEST.filter((granted) => granted !== scope);
const denial = (name: string, permissions: string) =>
  `You do not have permission to call ${name}. Required permissions: ${permissions}`;

describe('granular consent', () => {
  it("grants every scope of the manifest by default, and getAuthorizationInfo says nothing's required", () => {
    const env = newEnv();
    expect(env.consent.manifest).toEqual(MANIFEST);
    expect(env.consent.granted(EDITOR)).toEqual(MANIFEST);
    env.run('sidebar', EDITOR, () => {
      const app = scriptApp(env);
      const info = app.getAuthorizationInfo(app.AuthMode.FULL);
      expect(info.getAuthorizationStatus()).toBe(app.AuthorizationStatus.NOT_REQUIRED);
      expect(info.getAuthorizationUrl()).toBeNull();
      expect(info.getAuthorizedScopes()).toEqual(MANIFEST);
      app.requireAllScopes(app.AuthMode.FULL);
      gas(env).SpreadsheetApp.getActiveSheet().getRange('A1').setValue('written');
      gas(env).ScriptApp.newTrigger('poll').timeBased().everyHours(1).create();
    });
    expect(env.consent.prompts).toEqual([]);
    expect(env.spreadsheet.sheet('Sheet1').values()).toEqual([['written']]);
  });

  it('without script.external_request, UrlFetchApp refuses to send anything', () => {
    const env = newEnv({ grantedScopes: withoutScope(SCOPES.externalRequest) });
    const { UrlFetchApp, CacheService } = gas(env);
    env.run('sidebar', OWNER, () => {
      expect(() => UrlFetchApp.fetch('https://example.com/')).toThrow(
        denial('UrlFetchApp.fetch', SCOPES.externalRequest),
      );
      expect(() => UrlFetchApp.fetchAll(['https://example.com/'])).toThrow(
        denial('UrlFetchApp.fetchAll', SCOPES.externalRequest),
      );
      CacheService.getDocumentCache()!.put('still', 'works');
    });
    expect(env.urlFetch.requests).toEqual([]);
    expect(env.cache.document()).toEqual({ still: 'works' });
    env.dispose();
  });

  it('without script.scriptapp, triggers can be neither created nor listed', () => {
    const env = newEnv({ grantedScopes: withoutScope(SCOPES.scriptApp) });
    const { ScriptApp, SpreadsheetApp } = gas(env);
    env.run('menu', OWNER, () => {
      expect(() => ScriptApp.newTrigger('poll')).toThrow(denial('ScriptApp.newTrigger', SCOPES.scriptApp));
      expect(() => ScriptApp.getProjectTriggers()).toThrow(denial('ScriptApp.getProjectTriggers', SCOPES.scriptApp));
      expect(() => ScriptApp.getUserTriggers(SpreadsheetApp.getActiveSpreadsheet())).toThrow(
        denial('ScriptApp.getUserTriggers', SCOPES.scriptApp),
      );
      expect(String(ScriptApp.getInstallationSource())).toBe('WEB_STORE_ADD_ON');
    });
    expect(env.triggers.list()).toEqual([]);
  });

  it('SpreadsheetApp needs spreadsheets.currentonly or spreadsheets, either will do', () => {
    const alternatives = `(${SCOPES.spreadsheetsCurrentOnly} || ${SCOPES.spreadsheets})`;
    const env = newEnv({ grantedScopes: withoutScope(SCOPES.spreadsheetsCurrentOnly) });
    const { SpreadsheetApp } = gas(env);
    env.run('sidebar', OWNER, () => {
      expect(() => SpreadsheetApp.getActiveSpreadsheet()).toThrow(
        denial('SpreadsheetApp.getActiveSpreadsheet', alternatives),
      );
    });
    env.consent.setGranted([SCOPES.spreadsheets]);
    env.run('sidebar', OWNER, () => SpreadsheetApp.getActiveSheet().getRange('A1').setValue('full scope'));
    expect(env.spreadsheet.sheet('Sheet1').values()).toEqual([['full scope']]);
  });

  it('without script.container.ui, no sidebar, dialog or alert; the menu is still built', () => {
    const env = newEnv({ grantedScopes: withoutScope(SCOPES.containerUi) });
    const { SpreadsheetApp, HtmlService } = gas(env);
    env.run('menu', OWNER, () => {
      const ui = SpreadsheetApp.getUi();
      ui.createAddonMenu().addItem('Open', 'showSidebar').addToUi();
      const page = HtmlService.createHtmlOutput('<p>hi</p>');
      expect(() => ui.showSidebar(page)).toThrow(denial('Ui.showSidebar', SCOPES.containerUi));
      expect(() => ui.showModalDialog(page, 'T')).toThrow(denial('Ui.showModalDialog', SCOPES.containerUi));
      expect(() => ui.alert('hi')).toThrow(denial('Ui.alert', SCOPES.containerUi));
    });
    expect(env.ui.menus).toHaveLength(1);
    expect(env.ui.sidebars).toEqual([]);
  });

  it("is per user, live, and a custom function runs on the owner's consent", () => {
    const env = newEnv();
    env.consent.setGranted([SCOPES.spreadsheetsCurrentOnly], EDITOR);
    const { ScriptApp, SpreadsheetApp } = gas(env);
    env.run('sidebar', EDITOR, () => expect(() => ScriptApp.getProjectTriggers()).toThrow('Required permissions'));
    env.run('sidebar', OWNER, () => expect(ScriptApp.getProjectTriggers()).toEqual([]));
    env.run('customFunction', EDITOR, () => {
      const info = scriptApp(env).getAuthorizationInfo('FULL');
      expect(info.getAuthorizationStatus()).toBe('NOT_REQUIRED');
      SpreadsheetApp.getActiveSheet().getRange('A1').getValues();
    });
    env.consent.setGranted(MANIFEST, EDITOR);
    env.run('sidebar', EDITOR, () => expect(ScriptApp.getProjectTriggers()).toEqual([]));
  });

  it('getAuthorizationInfo answers for the scopes asked about, and only AuthMode.FULL requires anything', () => {
    const env = newEnv({ grantedScopes: [SCOPES.spreadsheetsCurrentOnly, SCOPES.containerUi] });
    env.run('sidebar', OWNER, () => {
      const app = scriptApp(env);
      const asked = [SCOPES.externalRequest, SCOPES.spreadsheetsCurrentOnly];
      const info = app.getAuthorizationInfo(app.AuthMode.FULL, asked);
      expect(info.getAuthorizationStatus()).toBe('REQUIRED');
      expect(info.getAuthorizationUrl()).toMatch(/^https:\/\/script\.google\.com\//);
      expect(info.getAuthorizedScopes()).toEqual([SCOPES.spreadsheetsCurrentOnly]);
      expect(app.getAuthorizationInfo(app.AuthMode.FULL).getAuthorizedScopes()).toEqual([
        SCOPES.spreadsheetsCurrentOnly,
        SCOPES.containerUi,
      ]);
      const granted = app.getAuthorizationInfo(app.AuthMode.FULL, [SCOPES.containerUi]);
      expect(granted.getAuthorizationStatus()).toBe('NOT_REQUIRED');
      expect(app.getAuthorizationInfo(app.AuthMode.LIMITED, asked).getAuthorizationStatus()).toBe('NOT_REQUIRED');
      expect(() => app.getAuthorizationInfo('SOMETIMES')).toThrow("The parameters don't match the method signature");
    });
  });

  it('requireScopes in a menu or sidebar execution shows the consent prompt and ends the execution', () => {
    const env = newEnv({ grantedScopes: withoutScope(SCOPES.externalRequest) });
    const { CacheService } = gas(env);
    for (const mode of ['menu', 'sidebar'] as const) {
      let after = false;
      const run = () =>
        env.run(mode, EDITOR, () => {
          try {
            scriptApp(env).requireScopes('FULL', [SCOPES.scriptApp, SCOPES.externalRequest]);
            after = true;
          } catch {
            // Google ends the execution however the script reacts: no service call gets through after it.
          }
          CacheService.getDocumentCache()!.put('caught', mode);
          return 'finished';
        });
      expect(run).toThrow(ConsentPromptShown);
      expect(after).toBe(false);
    }
    expect(env.cache.document()).toEqual({});
    expect(env.consent.prompts).toEqual([
      { user: EDITOR, mode: 'menu', missing: [SCOPES.externalRequest] },
      { user: EDITOR, mode: 'sidebar', missing: [SCOPES.externalRequest] },
    ]);
  });

  it('requireScopes with everything granted returns, and the execution goes on', () => {
    const env = newEnv({ grantedScopes: withoutScope(SCOPES.externalRequest) });
    const result = env.run('menu', OWNER, () => {
      scriptApp(env).requireScopes('FULL', [SCOPES.scriptApp, SCOPES.containerUi]);
      return 'went on';
    });
    expect(result).toBe('went on');
    expect(env.consent.prompts).toEqual([]);
  });

  it('requireScopes and requireAllScopes in a custom function or trigger just throw', () => {
    const env = newEnv({ grantedScopes: withoutScope(SCOPES.scriptApp) });
    for (const mode of ['customFunction', 'trigger'] as const) {
      const caught = env.run(mode, OWNER, () => {
        const messages: string[] = [];
        for (const call of [
          () => scriptApp(env).requireScopes('FULL', [SCOPES.scriptApp]),
          () => scriptApp(env).requireAllScopes('FULL'),
        ]) {
          try {
            call();
          } catch (error) {
            messages.push((error as Error).message);
          }
        }
        return messages;
      });
      expect(caught).toEqual([AUTHORIZATION_REQUIRED_MESSAGE, AUTHORIZATION_REQUIRED_MESSAGE]);
    }
    expect(env.consent.prompts).toEqual([]);
  });

  it('a bundle call that meets the consent prompt throws ConsentPromptShown to the caller', () => {
    const env = newEnv({ grantedScopes: withoutScope(SCOPES.externalRequest) });
    const bundle = loadBundle(
      env,
      `function openResearch() {
        ScriptApp.requireScopes(ScriptApp.AuthMode.FULL, ['${SCOPES.externalRequest}']);
        return 'opened';
      }`,
    );
    expect(() => bundle.callFromSidebar('openResearch', [], EDITOR)).toThrow(ConsentPromptShown);
    env.consent.setGranted(MANIFEST, EDITOR);
    expect(bundle.callFromSidebar('openResearch', [], EDITOR)).toBe('opened');
    expect(env.consent.prompts).toHaveLength(1);
  });
});
