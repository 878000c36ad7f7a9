import installStub from '@iabtcf/stub';

/**
 * TCF-1: the IAB's stub alone: served for the installation snippet's first script tag, and
 * composed into the published core when TCF is on, so a page gets `__tcfapi` and the
 * `__tcfapiLocator` frame before any vendor script. A second stub would replace the first's
 * `__tcfapi` and lose the calls already queued: it installs only where none is.
 */
if (typeof (window as { __tcfapi?: unknown }).__tcfapi !== 'function') installStub();
