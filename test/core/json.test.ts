// Reading JSON of unknown shape: a parse that never throws, and the one check for a plain object.
import { isRecord, parseJson } from '../../src/core/json';

describe('parseJson', () => {
  it('reads any JSON value', () => {
    expect(parseJson('{"a":[1,"b",null]}')).toEqual({ a: [1, 'b', null] });
    expect(parseJson(' "text" ')).toBe('text');
    expect(parseJson('0')).toBe(0);
  });

  it('reads the JSON null as null, so it stays apart from text that is not JSON', () => {
    expect(parseJson('null')).toBeNull();
  });

  it.each(['', '<html>oops', '{"a":', "{'a':1}", 'undefined'])('answers undefined for %p, without throwing', (text) => {
    expect(parseJson(text)).toBeUndefined();
  });
});

describe('isRecord', () => {
  it('accepts plain objects, empty or not', () => {
    expect(isRecord({})).toBe(true);
    expect(isRecord({ a: 1 })).toBe(true);
    expect(isRecord(parseJson('{"results":[]}'))).toBe(true);
  });

  it.each([null, undefined, [], [{ a: 1 }], 'text', 42, true])('refuses %p', (value) => {
    expect(isRecord(value)).toBe(false);
  });
});
