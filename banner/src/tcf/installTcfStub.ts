import installStub from '@iabtcf/stub';

/** STD-12: the CMP API version of TCF 2.2, in the stub's `ping` and the CMP's. */
export const TCF_API_VERSION = '2.2';

type TcfApi = (...args: unknown[]) => unknown;
type Ping = Record<string, unknown>;

/**
 * TCF-1: the IAB's stub (`__tcfapi` queue and the `__tcfapiLocator` frame), unless the page has
 * one already: a second stub would replace the first's `__tcfapi` and lose the calls queued.
 * STD-12: the CMP API asks the stub's `ping` for `apiVersion`, which @iabtcf/stub 1.5.6 leaves
 * out; its `ping` is wrapped to add it. Everything else (the queue the CMP takes over with a
 * call without arguments, postMessage from frames) goes to the stub unchanged.
 */
export const installTcfStub = (): void => {
  const page = window as unknown as { __tcfapi?: TcfApi };
  const current = (): TcfApi | undefined => page.__tcfapi;
  if (typeof current() === 'function') return;
  installStub();
  const stub = current();
  // An ancestor frame's CMP serves this one: the stub installs nothing then.
  if (typeof stub !== 'function') return;
  page.__tcfapi = function (this: unknown, ...args: unknown[]): unknown {
    const callback = args[2];
    if (args[0] === 'ping' && typeof callback === 'function')
      return stub.call(this, 'ping', args[1], (ping: Ping, success: boolean) => callback(Object.assign({}, ping, { apiVersion: TCF_API_VERSION }), success));
    return stub.apply(this, args);
  };
};
