// @iabtcf/stub ships one untyped CommonJS function: it installs the `__tcfapi` queue and the
// `__tcfapiLocator` frame.
declare module '@iabtcf/stub' {
  const installStub: () => void;
  export default installStub;
}
