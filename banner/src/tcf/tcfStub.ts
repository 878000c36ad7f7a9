import { installTcfStub } from './installTcfStub';

/**
 * TCF-1: the IAB's stub alone: served for the installation snippet's first script tag, and
 * composed into the published core when TCF is on, so a page gets `__tcfapi` and the
 * `__tcfapiLocator` frame before any vendor script.
 */
installTcfStub();
