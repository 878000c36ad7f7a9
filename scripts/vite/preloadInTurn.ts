import type { Plugin } from 'vite';

const HELPER_ID = '\0vite/preload-helper.js';
const APPEND = 'document.head.appendChild(link);';

/**
 * Appends the queued `<link rel=modulepreload>` a few at a time, one task after another: about
 * 5 ms of the main thread per task, then the page's other work may run. Starting a request costs
 * Chromium's main thread about 1 ms at 1× CPU (a lazy route's 20 to 60 files took one task of
 * 60–250 ms at 4×, docs/performance.md). Resolves each link's promise once it is in the document.
 */
const APPEND_IN_TURN = `
const preloadQueue = [];
let preloadTurnScheduled = false;
const preloadChannel = new MessageChannel();
const PRELOAD_TURN_MS = 5;
preloadChannel.port1.onmessage = () => {
  preloadTurnScheduled = false;
  const started = performance.now();
  while (preloadQueue.length > 0 && performance.now() - started < PRELOAD_TURN_MS) {
    const [link, appended] = preloadQueue.shift();
    document.head.appendChild(link);
    appended();
  }
  if (preloadQueue.length > 0) schedulePreloadTurn();
};
function schedulePreloadTurn() {
  if (preloadTurnScheduled) return;
  preloadTurnScheduled = true;
  preloadChannel.port2.postMessage(null);
}
function appendInTurn(link) {
  return new Promise((appended) => {
    preloadQueue.push([link, appended]);
    schedulePreloadTurn();
  });
}
`;

/**
 * Vite's preload helper appends every preload link of a lazy import in the task that asks for
 * it; this has it append the script links in turns (APPEND_IN_TURN above). The import itself
 * still waits until every link is in the document, as Vite's helper waits for its stylesheets.
 */
export const preloadInTurnPlugin = (): Plugin => ({
  name: 'preload-in-turn',
  apply: 'build',
  transform: {
    filter: { id: /^\0vite\/preload-helper\.js$/ },
    handler(code, id) {
      if (id !== HELPER_ID) return null;
      if (!code.includes(APPEND)) this.error(`Vite's preload helper no longer contains "${APPEND}": scripts/vite/preloadInTurn.ts needs updating`);
      return { code: code.replace(APPEND, `if (!isCss) return appendInTurn(link);\n${APPEND}`) + APPEND_IN_TURN, map: null };
    },
  },
});
