// Jest 29 runs tests in a vm context whose Symbol lacks `dispose` and `asyncDispose` (Node defines them only in
// its main realm); playwright-core's frame handling (clicks inside an iframe) needs them, and without them it fails
// with "Object not disposable" and retries forever. Loaded for every test file by jest.config.cjs.
const symbols = Symbol as unknown as { dispose?: symbol; asyncDispose?: symbol };
symbols.dispose ??= Symbol('Symbol.dispose');
symbols.asyncDispose ??= Symbol('Symbol.asyncDispose');

export {};
