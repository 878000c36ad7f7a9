import { randomBytes } from 'node:crypto';
import { DEV_SECRET_HEADER } from '../guards/loopback';

/** DEPLOY-3: this test process's dev-route secret; `devHeaders()` sends it. */
export const TEST_DEV_SECRET = randomBytes(32).toString('base64url');
/** The headers a test's request to /dev/* carries. */
export const devHeaders = (): Record<string, string> => ({ [DEV_SECRET_HEADER]: TEST_DEV_SECRET });
