// Results sheets are named after the research brief and the job, and never take a name the spreadsheet already has.
import { companionSheetName, researchSheetName } from '../../../src/core/research/sheet-name';

describe('research sheet names', () => {
  it('shortens the brief, strips control characters and stays unique', () => {
    const taken = new Set(['Research · CTOs in Berlin · abc123']);
    expect(researchSheetName('CTOs in\nBerlin', 'abc123-xyz', (n) => taken.has(n))).toBe(
      'Research · CTOs in Berlin · abc123 (2)',
    );
    const long = researchSheetName('Heads of data at European fintech companies with 200+ staff', 'j1', () => false);
    expect(long).toBe('Research · Heads of data at European finte… · j1');
    expect(long.split(' · ')[1]).toHaveLength(32);
    expect(companionSheetName(long, 'Experience')).toBe(`${long} · Experience`);
  });

  it('counts up past every name already taken', () => {
    const taken = new Set(['Research · CTOs · job1', 'Research · CTOs · job1 (2)', 'Research · CTOs · job1 (3)']);
    expect(researchSheetName('CTOs', 'job1', (n) => taken.has(n))).toBe('Research · CTOs · job1 (4)');
  });

  it('keeps only letters and digits of the job id, at most 6, and says "job" when none is left', () => {
    expect(researchSheetName('CTOs', 'a_b-c.d/e:f+g', () => false)).toBe('Research · CTOs · abcdef');
    expect(researchSheetName('CTOs', '__--', () => false)).toBe('Research · CTOs · job');
  });

  it('reads control characters as spaces, one line, trimmed', () => {
    const name = researchSheetName('CTOs\tin\u0000Berlin\u007f', 'j1', () => false);
    expect(name).toBe('Research · CTOs in Berlin · j1');
  });
});
