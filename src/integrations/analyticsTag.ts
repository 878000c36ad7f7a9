import { loadScript } from './loadScript';

/** API-7: the session-analytics tag; it reads `window.dataLayer`, filled before and after it loads. */
interface AnalyticsTag {
  start(): void;
  stop(): void;
}

/** Loads the tag once `statistics` is consented; removes it when consent is withdrawn. */
export const createAnalyticsTag = (src: string, load: (src: string) => Promise<HTMLScriptElement> = loadScript): AnalyticsTag => {
  let script: Promise<HTMLScriptElement | undefined> | undefined;
  return {
    start: () => {
      script ??= load(src).catch((error: unknown) => {
        console.error('[integrations]', error);
        return undefined;
      });
    },
    stop: () => {
      void script?.then((element) => element?.remove());
      script = undefined;
    },
  };
};
