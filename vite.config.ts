import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { bannerRuntimePlugin } from './banner/build/viteBannerPlugin.ts';
import { bootPreloadPlugin } from './scripts/vite/bootPreload.ts';
import { libraryUpdatesInTransitionPlugin } from './scripts/vite/libraryUpdatesInTransition.ts';
import { buildInputsPlugin } from './scripts/vite/buildInputs.ts';
import { emotionStylesInRenderPlugin } from './scripts/vite/emotionStylesInRender.ts';
import { fontPreloadPlugin } from './scripts/vite/fontPreload.ts';
import { lazyNumberFormatPlugin } from './scripts/vite/lazyNumberFormat.ts';
import { preloadInTurnPlugin } from './scripts/vite/preloadInTurn.ts';
import { preloadWhatIsMissingPlugin } from './scripts/vite/preloadWhatIsMissing.ts';
import { queryUpdatesInTransitionPlugin } from './scripts/vite/queryUpdatesInTransition.ts';
import { reactAdminMui9Plugin } from './scripts/vite/reactAdminMui9.ts';
import { validateEnvPlugin } from './scripts/vite/validateEnv.ts';
import { withoutCssVarsThemePlugin } from './scripts/vite/withoutCssVarsTheme.ts';

const BANNER_BUILD = 'banner/build/globalSetup.ts';

// The suite runs many files at once on two cores: a crawl's Chromium below their priority
// (SCANNER_NICE, 10 in production) would wait behind them, so the tests run it at theirs;
// dev-server/scanner/chromium.test.ts proves the priority itself.
process.env.SCANNER_NICE ??= '0';

export default defineConfig({
  plugins: [
    react(),
    bannerRuntimePlugin(),
    reactAdminMui9Plugin(),
    validateEnvPlugin(),
    bootPreloadPlugin(),
    fontPreloadPlugin(),
    preloadWhatIsMissingPlugin(),
    preloadInTurnPlugin(),
    withoutCssVarsThemePlugin(),
    lazyNumberFormatPlugin(),
    emotionStylesInRenderPlugin(),
    queryUpdatesInTransitionPlugin(),
    libraryUpdatesInTransitionPlugin(),
    buildInputsPlugin(),
  ],
  optimizeDeps: {
    rolldownOptions: { plugins: [reactAdminMui9Plugin(), emotionStylesInRenderPlugin(), queryUpdatesInTransitionPlugin(), libraryUpdatesInTransitionPlugin()] },
  },
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  // Every browser the admin supports has native modulepreload: the polyfill would only cost the login route.
  build: { sourcemap: false, manifest: true, chunkSizeWarningLimit: 800, modulePreload: { polyfill: false } },
  test: {
    // Vitest's default is one worker fewer than the cores: a single worker on the 2-core machines
    // that run `npm test`, so every unit, banner and API file ran one after another while a core
    // sat mostly idle (the files wait on jsdom, imports and sockets as much as they compute).
    // The browser project still runs its files one at a time, after these (fileParallelism).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        // Logic without a page: a jsdom per file cost about a second and a half of CPU each. A
        // file that reads the DOM says so in its first line (`@vitest-environment jsdom`).
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['src/hooks/**'],
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'component',
          environment: 'jsdom',
          include: ['src/**/*.test.tsx', 'src/hooks/**/*.test.ts'],
          setupFiles: ['src/test/setup.ts'],
          // The full suite shares two cores with the API and browser projects (see setup.ts).
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'banner',
          environment: 'jsdom',
          include: ['banner/**/*.test.ts'],
          globalSetup: [BANNER_BUILD],
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['dev-server/**/*.test.ts'],
          // Publishing composes the built banner runtime.
          globalSetup: [BANNER_BUILD],
          testTimeout: 20_000,
          // Most files start a server (an embedded database, seeded users) in beforeAll: on two busy
          // cores that passed Vitest's default 10 s (the permission matrix, once in a clean-clone run).
          hookTimeout: 60_000,
          // Every file loads the whole dev API (Express, the store, the scanner, the consent log);
          // in a fresh module graph per file that import was most of the project's CPU (user time
          // 448 s isolated, 216 s shared, with the unit project). Each file starts and closes its own
          // server, so the files share modules, not state (docs/performance.md).
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.test.ts'],
          globalSetup: [BANNER_BUILD, 'e2e/support/globalSetup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
