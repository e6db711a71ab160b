// The manifest's scopes by what they allow, their sentences, and the reading of Google's refusals (src/core/scopes.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  MISSING_PERMISSION_SENTENCES,
  SCOPES,
  missingPermissions,
  refusedPermission,
  scopesOf,
  type Permission,
} from '../../src/core/scopes';

const MANIFEST: string[] = JSON.parse(readFileSync(join(__dirname, '..', '..', 'appsscript.json'), 'utf8')).oauthScopes;
const refusal = (call: string, required: string) =>
  `Exception: You do not have permission to call ${call}. Required permissions: ${required}`;

describe('the scopes table', () => {
  it('names exactly the manifest’s scopes', () => {
    expect(Object.values(SCOPES).sort()).toEqual([...MANIFEST].sort());
  });

  it('asks Google about the scopes of the permissions given', () => {
    expect(scopesOf(['externalRequest', 'scriptApp'])).toEqual([SCOPES.externalRequest, SCOPES.scriptApp]);
  });

  it('says in one sentence, per permission, what cannot work and how to allow it', () => {
    for (const sentence of Object.values(MISSING_PERMISSION_SENTENCES)) {
      expect(sentence).toMatch(/^[A-Zs][^]*[.]$/);
      expect(sentence.match(/\. /g)).toBeNull();
      expect(sentence).toMatch(/allow/i);
    }
    expect(MISSING_PERMISSION_SENTENCES.scriptApp).toMatch(/only while this sidebar is open/);
    expect(MISSING_PERMISSION_SENTENCES.externalRequest).toMatch(/Connect to an external service/);
  });
});

describe('missingPermissions', () => {
  it('answers those whose scope is not granted', () => {
    const granted = [SCOPES.spreadsheet, SCOPES.containerUi];
    expect(missingPermissions(['spreadsheet', 'externalRequest', 'scriptApp'], granted)).toEqual([
      'externalRequest',
      'scriptApp',
    ]);
    expect(missingPermissions([], [])).toEqual([]);
  });

  it('counts the full spreadsheets scope as covering spreadsheets.currentonly', () => {
    expect(missingPermissions(['spreadsheet'], ['https://www.googleapis.com/auth/spreadsheets'])).toEqual([]);
  });
});

describe('refusedPermission', () => {
  it.each<[string, string, Permission]>([
    ['UrlFetchApp.fetchAll', SCOPES.externalRequest, 'externalRequest'],
    ['ScriptApp.getProjectTriggers', SCOPES.scriptApp, 'scriptApp'],
    ['Ui.showSidebar', SCOPES.containerUi, 'containerUi'],
    [
      'SpreadsheetApp.getActiveSpreadsheet',
      `(${SCOPES.spreadsheet} || https://www.googleapis.com/auth/spreadsheets)`,
      'spreadsheet',
    ],
    ['SpreadsheetApp.openById', 'https://www.googleapis.com/auth/spreadsheets', 'spreadsheet'],
  ])('reads Google’s refusal of %s', (call, required, permission) => {
    expect(refusedPermission(refusal(call, required))).toBe(permission);
  });

  it('is null for any other message, or a refusal of a scope the add-on does not use', () => {
    expect(refusedPermission('Address unavailable: https://api.example')).toBeNull();
    expect(refusedPermission(refusal('GmailApp.sendEmail', 'https://mail.google.com/'))).toBeNull();
    expect(refusedPermission('')).toBeNull();
  });
});
