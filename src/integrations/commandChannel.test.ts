// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCommandChannel } from './commandChannel';
import { vendorScriptUrl } from './loadScript';

type Globals = Record<string, unknown>;

/** A fake loader: the "script" defines the vendor's command function when it resolves. */
const fakeLoader = (globalName: string, calls: unknown[][]) => {
  let finish: () => void = () => undefined;
  const load = vi.fn(
    (src: string) =>
      new Promise<HTMLScriptElement>((resolve) => {
        finish = () => {
          (window as unknown as Globals)[globalName] = (...args: unknown[]) => calls.push(args);
          const script = document.createElement('script');
          script.dataset.src = src;
          document.head.append(script);
          resolve(script);
        };
      }),
  );
  return { load, finish: () => finish() };
};

afterEach(() => {
  delete (window as unknown as Globals).FakeVendor;
});

describe('commandChannel', () => {
  it('[API-7] queues commands until the script has loaded, then replays them in order', async () => {
    const calls: unknown[][] = [];
    const { load, finish } = fakeLoader('FakeVendor', calls);
    const channel = createCommandChannel({ src: 'https://vendor.test/x.js', globalName: 'FakeVendor', load });
    channel.send('boot', { app_id: 'a' });
    channel.send('update', { plan: 'trial' });
    expect(load).not.toHaveBeenCalled();
    const loading = channel.load();
    expect(channel.state()).toBe('loading');
    channel.send('show');
    finish();
    await loading;
    expect(channel.state()).toBe('ready');
    expect(calls).toEqual([['boot', { app_id: 'a' }], ['update', { plan: 'trial' }], ['show']]);
    channel.send('hide');
    expect(calls.at(-1)).toEqual(['hide']);
  });

  it('[PROD-6] unload removes the script and its global and forgets waiting commands', async () => {
    const calls: unknown[][] = [];
    const { load, finish } = fakeLoader('FakeVendor', calls);
    const channel = createCommandChannel({ src: 'https://vendor.test/y.js', globalName: 'FakeVendor', load });
    const loading = channel.load();
    finish();
    await loading;
    expect(document.head.querySelector('script[data-src="https://vendor.test/y.js"]')).not.toBeNull();
    channel.unload();
    expect(channel.state()).toBe('idle');
    expect((window as unknown as Globals).FakeVendor).toBeUndefined();
    expect(document.head.querySelector('script[data-src="https://vendor.test/y.js"]')).toBeNull();
  });

  it('[PROD-6] puts the configured id into the script URL template', () => {
    expect(vendorScriptUrl('https://vendor.test/widget/{id}.js', 'a b')).toBe('https://vendor.test/widget/a%20b.js');
  });
});
