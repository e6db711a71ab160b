// The table of what each entry point needs (src/core/entry-needs.ts).
import { ENTRY_NEEDS } from '../../src/core/entry-needs';

describe('the entry points’ needs', () => {
  it('lets no entry point need script.scriptapp: work goes on while the sidebar is open', () => {
    for (const [entry, { needs }] of Object.entries(ENTRY_NEEDS)) {
      expect([entry, needs.includes('scriptApp')]).toEqual([entry, false]);
    }
  });

  it('has each menu item that opens the sidebar ask first for all the sidebar needs', () => {
    for (const entry of ['showSettings', 'showResearch', 'showEnrich'] as const) {
      expect(ENTRY_NEEDS[entry]).toEqual({ needs: ['containerUi', 'spreadsheet', 'externalRequest'], askFirst: true });
    }
  });

  it('asks first for work that sends requests or writes, and only after a refusal for reads and polls', () => {
    const askedFirst = Object.entries(ENTRY_NEEDS)
      .filter(([, { askFirst }]) => askFirst)
      .map(([entry]) => entry);
    expect(askedFirst).toEqual(
      expect.arrayContaining(['saveSettings', 'startResearch', 'startEnrichment', 'resumeEnrichment']),
    );
    for (const poll of ['pollResearch', 'continueEnrichment', 'listEnrichments', 'getConsent'] as const) {
      expect(ENTRY_NEEDS[poll].askFirst).toBe(false);
    }
  });
});
