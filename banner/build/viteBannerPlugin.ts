import type { Plugin } from 'vite';
import { BANNER_ENTRIES, type BannerEntry } from '../entries.ts';
import { bannerBuildInputs, ensureBannerBuilt, readBannerRuntime } from './buildBanner.ts';

const PREFIX = 'virtual:banner-runtime/';
const RESOLVED = `\0${PREFIX}`;

const isEntry = (name: string): name is BannerEntry => Object.hasOwn(BANNER_ENTRIES, name);

/**
 * `import runtime from 'virtual:banner-runtime/banner'`: the built script as a string, for the
 * admin's preview (what is previewed is what gets published). Loading it builds the banner when
 * its sources changed, and the dev server reloads it when they change again.
 */
export const bannerRuntimePlugin = (): Plugin => ({
  name: 'banner-runtime',
  resolveId: (id) => (id.startsWith(PREFIX) && isEntry(id.slice(PREFIX.length)) ? `\0${id}` : undefined),
  async load(id) {
    if (!id.startsWith(RESOLVED)) return undefined;
    const entry = id.slice(RESOLVED.length);
    if (!isEntry(entry)) return undefined;
    await ensureBannerBuilt();
    for (const file of bannerBuildInputs()) this.addWatchFile(file);
    return `export default ${JSON.stringify(readBannerRuntime(entry))};`;
  },
});
