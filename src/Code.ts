declare const global: Record<string, unknown>;
/**
 * Doubles.
 * @param {number} x the input
 * @return {number}
 * @customfunction
 * @preserve
 */
global.DOUBLE = (x: number) => x * 2;
