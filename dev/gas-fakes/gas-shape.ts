// Types the fakes against @types/google-apps-script: a fake class `implements GasShape<Real, 'm1' | 'm2'>` gets
// the real member names and parameter lists checked, while results that are Apps Script objects may be the fake's
// own classes. Members using the typings' enums (declared as numbers; the fakes use their names) are left out.

type Loosened<R> = R extends string | number | boolean | null | undefined | void ? R : unknown;

export type GasShape<T, K extends keyof T> = {
  [P in K]: T[P] extends (...args: infer A) => infer R ? (...args: A) => Loosened<R> : T[P];
};
