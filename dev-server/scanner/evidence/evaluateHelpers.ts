/**
 * Run in every page before its scripts: the functions the scanner hands to `page.evaluate` are
 * compiled by tsx in a worker process (`npm run scanner`), whose keep-names option wraps them in
 * calls to a `__name` helper that exists only in Node; the page needs an identity stand-in.
 */
export const EVALUATE_HELPERS = 'globalThis.__name = globalThis.__name || ((target) => target);';
