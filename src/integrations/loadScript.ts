/** The vendor script's URL: `{id}` in the configured template becomes the configured id. */
export const vendorScriptUrl = (template: string, id: string): string => template.replaceAll('{id}', encodeURIComponent(id));

/** Appends one async `<script>`; resolves once it has run, rejects (and removes it) on a load error. */
export const loadScript = (src: string): Promise<HTMLScriptElement> =>
  new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.async = true;
    script.src = src;
    script.dataset.integration = 'vendor';
    script.addEventListener('load', () => resolve(script));
    script.addEventListener('error', () => {
      script.remove();
      reject(new Error(`Could not load ${src}`));
    });
    document.head.append(script);
  });
