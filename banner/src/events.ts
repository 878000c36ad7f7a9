/** The `source` of every message the preview posts to the admin (which reads nothing else). */
export const PREVIEW_MESSAGE_SOURCE = 'cm-preview';

export type Emit = (type: string, detail?: unknown) => void;

/**
 * Tells the page what happened (`consent:<type>` events on window); in the admin's preview,
 * also the parent frame, which shows template errors and the decisions made.
 */
export const emitter =
  (preview: boolean): Emit =>
  (type, detail) => {
    try {
      window.dispatchEvent(new CustomEvent(`consent:${type}`, { detail }));
    } catch {
      // A browser without the CustomEvent constructor: the banner still works.
    }
    if (!preview) return;
    try {
      window.parent.postMessage({ source: PREVIEW_MESSAGE_SOURCE, type, detail: detail === undefined ? null : detail }, '*');
    } catch {
      // No parent frame to tell.
    }
  };
