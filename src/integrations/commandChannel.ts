import { loadScript } from './loadScript';

/** The command function a vendor script defines on `window` (e.g. `Vendor('boot', {...})`). */
type VendorCommand = (command: string, ...args: unknown[]) => void;

type Globals = Record<string, unknown>;

/** What the configured global holds once the script ran, if it is a command function. */
const vendorGlobal = (name: string): VendorCommand | undefined => {
  const candidate = (window as unknown as Globals)[name];
  return typeof candidate === 'function' ? (candidate as VendorCommand) : undefined;
};

export type ChannelState = 'idle' | 'loading' | 'ready' | 'failed';

/**
 * Commands to one vendor script. Until the script has loaded (it loads only when `load()` is
 * called, i.e. with consent) commands wait in order, then are replayed; `unload()` removes
 * the script and its global and forgets what was waiting.
 */
export interface CommandChannel {
  send(command: string, ...args: unknown[]): void;
  load(): Promise<void>;
  unload(): void;
  state(): ChannelState;
}

/** Enough for a session's boot/update/hide calls; a visitor who never consents must not grow memory. */
const MAX_QUEUED = 100;

export const createCommandChannel = (options: { src: string; globalName: string; load?: (src: string) => Promise<HTMLScriptElement> }): CommandChannel => {
  const load = options.load ?? loadScript;
  let queue: unknown[][] = [];
  let state: ChannelState = 'idle';
  let script: HTMLScriptElement | undefined;
  let generation = 0;

  const flush = () => {
    const vendor = vendorGlobal(options.globalName);
    if (vendor === undefined) {
      console.error(`[integrations] ${options.src} loaded but defined no function window.${options.globalName}`);
      state = 'failed';
      return;
    }
    const waiting = queue;
    queue = [];
    for (const [command, ...args] of waiting) vendor(command as string, ...args);
  };

  return {
    send(command, ...args) {
      const vendor = state === 'ready' ? vendorGlobal(options.globalName) : undefined;
      if (vendor !== undefined) {
        vendor(command, ...args);
        return;
      }
      if (state === 'failed') return;
      if (queue.length >= MAX_QUEUED) queue.shift();
      queue.push([command, ...args]);
    },
    async load() {
      if (state !== 'idle') return;
      state = 'loading';
      const mine = ++generation;
      try {
        const loaded = await load(options.src);
        // Unloaded (consent withdrawn) while the script was on its way: take it out again.
        if (mine !== generation) {
          loaded.remove();
          return;
        }
        script = loaded;
        state = 'ready';
        flush();
      } catch (error) {
        if (mine !== generation) return;
        state = 'failed';
        console.error('[integrations]', error);
      }
    },
    unload() {
      generation += 1;
      script?.remove();
      script = undefined;
      queue = [];
      delete (window as unknown as Globals)[options.globalName];
      state = 'idle';
    },
    state: () => state,
  };
};
