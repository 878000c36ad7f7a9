import type { Plugin } from 'vite';
import { isAppBuildInput } from '../app/appBuild.ts';

/**
 * `npm start` rebuilds the app only when a file of scripts/app/appBuild.ts's inputs changed: a
 * module the build reads from anywhere else would be missed, so the build fails on one and names it.
 */
export const buildInputsPlugin = (): Plugin => ({
  name: 'build-inputs',
  apply: 'build',
  buildEnd(error) {
    if (error !== undefined) return;
    const missed = [...this.getModuleIds()]
      .map((id) => id.split('?')[0] ?? '')
      .filter((file) => file.startsWith('/') && !file.includes('/node_modules/') && !isAppBuildInput(file));
    if (missed.length > 0)
      this.error(`build-inputs: add these to the inputs of scripts/app/appBuild.ts, or npm start will not rebuild when they change: ${missed.join(', ')}`);
  },
});
