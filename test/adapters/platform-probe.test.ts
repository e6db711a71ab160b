// platformProbe over the fakes: the scratch sheet's round trip each way of the plain-text switch, leaving the book as
// it was, and the trigger listings.
import { platformProbe } from '../../src/adapters/platform-probe';
import { gas, newEnv } from '../fakes/gas';
import { inScript } from './gas-globals';

const TEXTS = ['=1+1', '00501', 'plain'];

describe('platformProbe.plainTextRoundTrip', () => {
  it.each([
    [true, { values: TEXTS, formulas: ['', '', ''] }],
    // The fakes evaluate no formula: what the formula shows does not matter, that it is one does.
    [false, { values: [expect.anything(), 501, 'plain'], formulas: ['=1+1', '', ''] }],
  ])('with plainTextStopsParsing %s, reads back what the cells hold and removes its sheet', (stops, expected) => {
    const env = newEnv({ uncertain: { plainTextStopsParsing: stops } });
    env.spreadsheet.insertSheet('Second');
    const before = env.spreadsheet.sheets().map((sheet) => sheet.name);
    const active = env.spreadsheet.activeSheet().name;
    expect(inScript(env, () => platformProbe.plainTextRoundTrip(TEXTS))).toEqual(expected);
    expect(env.spreadsheet.sheets().map((sheet) => sheet.name)).toEqual(before);
    expect(env.spreadsheet.activeSheet().name).toBe(active);
  });
});

describe('platformProbe.listedTriggers', () => {
  it('lists the ids of the handler’s triggers, by document and by project', () => {
    const env = newEnv({ uncertain: { userTriggersListAddOnClockTriggers: false } });
    const uid = inScript(env, () => {
      return gas(env).ScriptApp.newTrigger('runBackgroundWork').timeBased().everyHours(1).create().getUniqueId();
    });
    expect(inScript(env, () => platformProbe.listedTriggers('runBackgroundWork'))).toEqual({
      inDocument: [],
      inProject: [uid],
    });
    env.uncertain.userTriggersListAddOnClockTriggers = true;
    expect(inScript(env, () => platformProbe.listedTriggers('runBackgroundWork'))).toEqual({
      inDocument: [uid],
      inProject: [uid],
    });
    expect(inScript(env, () => platformProbe.listedTriggers('another'))).toEqual({ inDocument: [], inProject: [] });
    expect(inScript(env, () => platformProbe.installationSource())).toBe('WEB_STORE_ADD_ON');
  });
});
