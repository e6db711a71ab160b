import { creditsLeft, uncoveredRows, uncoveredSentence } from '../../../src/core/enrichment/estimate';

describe('a run’s estimate', () => {
  it('leaves what was not spent of it', () => {
    expect(creditsLeft({ creditsEstimated: 120, creditsSpent: 100 })).toBe(20);
    // Faults (answers a dropped connection lost, billed and fetched again) can overspend it.
    expect(creditsLeft({ creditsEstimated: 120, creditsSpent: 130 })).toBe(-10);
  });

  it('is raised by exactly what the rows left cost when nothing of it is left', () => {
    const uncovered = uncoveredRows({ creditsEstimated: 120, creditsSpent: 120 }, 3, 3, 2);
    expect(uncovered).toEqual({ rows: 3, credits: 6, raise: 6 });
    expect(uncoveredSentence(uncovered)).toBe(
      '3 rows are left that the estimate does not cover; they would cost 6 credits, and Resume raises the estimate by 6.',
    );
  });

  it('counts one fetch per distinct input, whatever the rows', () => {
    // Four rows, two of them the same profile as another.
    expect(uncoveredRows({ creditsEstimated: 10, creditsSpent: 10 }, 4, 2, 1)).toEqual({
      rows: 4,
      credits: 2,
      raise: 2,
    });
  });

  it('is raised only by what is missing, and not at all when what is left covers the rows', () => {
    // Private and unknown profiles are not billed: their credits are still there.
    expect(uncoveredRows({ creditsEstimated: 120, creditsSpent: 116 }, 3, 3, 2).raise).toBe(2);
    expect(uncoveredRows({ creditsEstimated: 120, creditsSpent: 100 }, 3, 3, 2).raise).toBe(0);
    // Overspent by faults: the raise makes up for it, so the rows left are covered.
    const overspent = { creditsEstimated: 120, creditsSpent: 130 };
    const { raise, credits } = uncoveredRows(overspent, 1, 1, 2);
    expect(raise).toBe(12);
    expect(creditsLeft({ ...overspent, creditsEstimated: overspent.creditsEstimated + raise })).toBe(credits);
  });

  it('says one row in the singular', () => {
    expect(uncoveredSentence({ rows: 1, credits: 2, raise: 2 })).toMatch(/^1 row is left /);
  });
});
