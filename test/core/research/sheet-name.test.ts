// Results sheets are named after the research brief and the job, companion sheets by the job alone, short; none
// takes a name the spreadsheet already has.
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
    expect(companionSheetName(long, 'Experience')).toBe('Experience · j1');
  });

  it('names companions by the tag of their results sheet, so two jobs on one brief never share one', () => {
    const taken = new Set<string>();
    const start = (query: string, jobId: string) => {
      const name = researchSheetName(query, jobId, (n) => taken.has(n));
      const companions = [companionSheetName(name, 'Experience'), companionSheetName(name, 'Education')];
      [name, ...companions].forEach((sheet) => taken.add(sheet));
      return [name, ...companions];
    };
    expect(start('CTOs in Berlin', 'abc123')).toEqual([
      'Research · CTOs in Berlin · abc123',
      'Experience · abc123',
      'Education · abc123',
    ]);
    // Another brief whose job id starts alike: its own results name is free, its companions' are not.
    expect(start('CFOs in Paris', 'abc123-other')).toEqual([
      'Research · CFOs in Paris · abc123 (2)',
      'Experience · abc123 (2)',
      'Education · abc123 (2)',
    ]);
    const many = Array.from({ length: 30 }, (_, i) => start(`Heads of data, brief number ${i}`, 'abc123'));
    const names = many.flat();
    expect(new Set(names).size).toBe(names.length);
    expect(Math.max(...names.map((name) => name.length))).toBeLessThanOrEqual(100);
    expect(Math.max(...many.map(([, experience]) => experience.length))).toBeLessThanOrEqual(24);
  });

  it('skips a tag whose companion name the user took for a sheet of their own', () => {
    const taken = new Set(['Education · job1']);
    expect(researchSheetName('CTOs', 'job1', (n) => taken.has(n))).toBe('Research · CTOs · job1 (2)');
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
