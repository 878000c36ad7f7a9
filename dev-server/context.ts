import type { LoginThrottle } from './auth/throttle';
import type { Outbox } from './auth/outbox';
import type { DevClock } from './clock';
import type { Store } from './store/store';

/** What route modules share: built once per server by createServer. */
export interface ServerContext {
  store: Store;
  outbox: Outbox;
  throttle: LoginThrottle;
  now: () => Date;
  /** The clock behind `now` (movable with POST /dev/clock in dev mode). */
  clock: DevClock;
  appUrl: string;
  devMode: boolean;
  bcryptCost: number;
  /** Secure cookies only when the app itself is served over https (dev runs on http). */
  secureCookies: boolean;
}
