// src/Code.ts must expose every function of the sidebar contract (src/core/contract.ts). The names come from the
// type checker, so adding a function to SidebarServer without exposing it fails here; the signatures are checked by
// the type of `global` in src/Code.ts.
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { ENTRY, exposedNames, sidebarFunctionNames } from '../support/contract-names';

describe('the entry and the sidebar contract', () => {
  const contract = sidebarFunctionNames();
  const exposed = exposedNames(ts.createSourceFile(ENTRY, readFileSync(ENTRY, 'utf8'), ts.ScriptTarget.ES2020));

  it('reads a contract of many functions', () => {
    expect(contract).toEqual(expect.arrayContaining(['getSettings', 'startResearch', 'previewEnrichment']));
  });

  it.each(contract)('src/Code.ts exposes %s', (name) => {
    expect(exposed).toContain(name);
  });

  it('finds a dropped function', () => {
    const without = ts.createSourceFile(
      'Code.ts',
      'global.getSettings = () => 1;\nfunction helper() { global.saveSettings = 2; }\n',
      ts.ScriptTarget.ES2020,
    );
    expect(exposedNames(without)).toEqual(['getSettings']);
  });
});
