import { describe, expect, it } from 'vitest';
import { CORE_LOADER_PAINT_TIMEOUT_MS, coreLoaderScript } from './coreLoader';

/**
 * The loader's decisions, run against a page whose paint timing, visibility and timers the test
 * holds. In Chromium, e2e/standards.test.ts checks that the core is added only after the first
 * contentful paint and bench/bannerBench.ts measures what that saves.
 */

const SRC = 'https://cdn.example.com/cdn/7/banner.js';

interface Page {
  head: HTMLElement;
  observers: { callback: (list: { getEntriesByName: (name: string) => unknown[] }) => void; options: unknown; disconnected: boolean }[];
  timers: { fn: () => void; ms: number }[];
  /** The browser reports paint entries of these names. */
  paint: (...names: string[]) => void;
}

const run = (code: string, { visibility = 'visible', paintTiming = true }: { visibility?: string; paintTiming?: boolean } = {}): Page => {
  const head = document.createElement('head');
  const observers: Page['observers'] = [];
  const timers: Page['timers'] = [];
  class FakeObserver {
    static supportedEntryTypes = paintTiming ? ['largest-contentful-paint', 'paint'] : ['navigation'];
    entry: Page['observers'][number];
    constructor(callback: Page['observers'][number]['callback']) {
      this.entry = { callback, options: undefined, disconnected: false };
      observers.push(this.entry);
    }
    observe(options: unknown): void {
      this.entry.options = options;
    }
    disconnect(): void {
      this.entry.disconnected = true;
    }
  }
  const fakeDocument = { head, visibilityState: visibility, createElement: (name: string) => document.createElement(name) };
  const fakeWindow = { PerformanceObserver: FakeObserver };
  const fakeSetTimeout = (fn: () => void, ms: number) => timers.push({ fn, ms });
  new Function('window', 'document', 'setTimeout', code)(fakeWindow, fakeDocument, fakeSetTimeout);
  const paint = (...names: string[]) => {
    for (const observer of observers.filter((o) => !o.disconnected)) observer.callback({ getEntriesByName: (name) => names.filter((n) => n === name) });
  };
  return { head, observers, timers, paint };
};

const added = (head: HTMLElement) => [...head.querySelectorAll('script')].map((s) => ({ src: s.src, async: s.async, id: s.dataset.consentSolution }));

describe('the core loader', () => {
  it('[STD-8] adds the core, async, once the first contentful paint is reported, and only once', () => {
    const page = run(coreLoaderScript(SRC, '7'));
    expect(page.observers[0]?.options).toEqual({ type: 'paint', buffered: true });
    expect(added(page.head)).toEqual([]);
    page.paint('first-paint');
    expect(added(page.head)).toEqual([]);
    page.paint('first-paint', 'first-contentful-paint');
    expect(added(page.head)).toEqual([{ src: SRC, async: true, id: '7' }]);
    expect(page.observers[0]?.disconnected).toBe(true);
    page.timers.forEach((timer) => timer.fn());
    expect(added(page.head)).toHaveLength(1);
  });

  it('[STD-8] a page that paints nothing contentful gets the core after the timeout', () => {
    const page = run(coreLoaderScript(SRC, '7'));
    expect(page.timers.map((t) => t.ms)).toEqual([CORE_LOADER_PAINT_TIMEOUT_MS]);
    page.timers[0]?.fn();
    expect(added(page.head)).toEqual([{ src: SRC, async: true, id: '7' }]);
    expect(page.observers[0]?.disconnected).toBe(true);
  });

  it('[STD-8] adds the core at once where no paint will be reported: a hidden or prerendered page, no paint timing', () => {
    for (const page of [run(coreLoaderScript(SRC, '7'), { visibility: 'hidden' }), run(coreLoaderScript(SRC, '7'), { paintTiming: false })]) {
      expect(added(page.head)).toEqual([{ src: SRC, async: true, id: '7' }]);
      expect(page.observers).toEqual([]);
      expect(page.timers).toEqual([]);
    }
  });

  it('[STD-8] has no character a CMS escapes in pasted code', () => {
    expect(coreLoaderScript(SRC, '7')).not.toMatch(/[<>&]/);
  });

  it('[STD-8] the URL and id are data: they cannot end the inline script or run as code', () => {
    const code = coreLoaderScript('https://cdn.example.com/</script><img src=x>"+alert(1)+"', '7"</script>');
    expect(code).not.toContain('</script');
    const page = run(code);
    page.paint('first-contentful-paint');
    const script = page.head.querySelector('script');
    expect(script?.getAttribute('src')).toBe('https://cdn.example.com/</script><img src=x>"+alert(1)+"');
    expect(script?.dataset.consentSolution).toBe('7"</script>');
  });
});
