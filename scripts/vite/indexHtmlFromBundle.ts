import type { OutputBundle } from 'rolldown';
import type { HtmlTagDescriptor, Plugin } from 'vite';

/**
 * A build-only plugin that adds tags to index.html from the finished bundle (file names are
 * known only then); `base` is the configured public path the files are served under.
 */
export const indexHtmlFromBundle = (name: string, tags: (bundle: OutputBundle, base: string) => HtmlTagDescriptor[]): Plugin => {
  let base = '/';
  return {
    name,
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        return bundle === undefined ? html : tags(bundle, base);
      },
    },
  };
};
