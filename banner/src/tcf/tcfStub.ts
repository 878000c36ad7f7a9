import installStub from '@iabtcf/stub';

/**
 * TCF-1: the IAB's stub alone, for the installation snippet's inline script (it must run before
 * any vendor script, so the page gets `__tcfapi` and the `__tcfapiLocator` frame at once).
 */
installStub();
