import type { ControlTexts } from './config';

/** What the customer puts on a link or button of their own to open the privacy settings. */
const CUSTOMER_CONTROL = '[data-consent-settings]';
const NATIVE_CONTROL = 'a[href],button,input,select,textarea,summary';

/** A cookie with a bite: drawn here, not text, so that no font or language is needed. */
const ICON =
  '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path fill-rule="evenodd" d="M12 2a10 10 0 1 0 10 10 3 3 0 0 1-3.6-3.4A3 3 0 0 1 13.6 5 3 3 0 0 1 12 2zm-4 7a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3zm3 5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3zm5 1a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3z"/></svg>';

export interface SettingsControl {
  /** After a decision (or when none is asked for): the floating button appears, for good. */
  reveal: () => void;
}

/**
 * PROMISE-2: the persistent way back to the choices. Any element the customer marks with
 * `data-consent-settings` opens them (a link in their footer; made keyboard-usable when it is not
 * a native control); without one, a floating button (`#cm-settings`, a native button with an
 * accessible name, themed by the template's CSS or the `--cm-control-*` properties) appears once
 * the visitor has decided.
 */
export const settingsControl = (texts: ControlTexts | undefined, language: string, open: () => void): SettingsControl => {
  const isTrigger = (event: Event): boolean => event.target instanceof Element && event.target.closest(CUSTOMER_CONTROL) !== null;
  document.addEventListener('click', (event) => {
    if (!isTrigger(event)) return;
    event.preventDefault();
    open();
  });
  document.addEventListener('keydown', (event) => {
    const target = event.target instanceof Element ? event.target.closest(CUSTOMER_CONTROL) : null;
    if (!target || target.matches(NATIVE_CONTROL) || (event.key !== 'Enter' && event.key !== ' ')) return;
    event.preventDefault();
    open();
  });
  const own = Array.from(document.querySelectorAll(CUSTOMER_CONTROL));
  for (const element of own) {
    if (element.matches(NATIVE_CONTROL)) continue;
    if (!element.hasAttribute('role')) element.setAttribute('role', 'button');
    if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '0');
  }
  if (own.length > 0 || !texts) return { reveal: () => undefined };
  const button = document.createElement('button');
  button.type = 'button';
  button.id = 'cm-settings';
  button.hidden = true;
  button.setAttribute('lang', language);
  button.setAttribute('aria-label', texts.privacySettings);
  button.title = texts.privacySettings;
  button.innerHTML = ICON;
  button.addEventListener('click', open);
  document.body.appendChild(button);
  return {
    reveal: () => {
      button.hidden = false;
    },
  };
};

/** The control's and the placeholders' look; before the template's CSS, which may restyle them. */
export const CONTROL_CSS =
  '#cm-settings{position:fixed;left:16px;inset-inline-start:16px;bottom:16px;z-index:2147482999;box-sizing:border-box;width:44px;height:44px;padding:8px;border:2px solid var(--cm-control-fg,#fff);border-radius:50%;background:var(--cm-control-bg,#0b2545);color:var(--cm-control-fg,#fff);cursor:pointer;box-shadow:0 2px 8px rgba(0,0,0,.3)}' +
  '#cm-settings[hidden]{display:none}#cm-settings svg{display:block;width:100%;height:100%;fill:currentColor}' +
  '#cm-settings:focus-visible,.cm-placeholder button:focus-visible{outline:3px solid var(--cm-control-accent,#f2c14e);outline-offset:2px}' +
  '.cm-placeholder{box-sizing:border-box;display:flex;flex-direction:column;justify-content:center;align-items:center;gap:12px;max-width:100%;min-height:120px;padding:16px;background:var(--cm-control-bg,#0b2545);color:var(--cm-control-fg,#fff);font:15px/1.5 system-ui,sans-serif;text-align:center}' +
  '.cm-placeholder p{margin:0}.cm-placeholder__title{font-weight:700}' +
  '.cm-placeholder button{min-height:44px;padding:8px 16px;border:2px solid var(--cm-control-fg,#fff);border-radius:4px;background:var(--cm-control-fg,#fff);color:var(--cm-control-bg,#0b2545);font:inherit;font-weight:600;cursor:pointer}' +
  '@media print{#cm-settings{display:none}}';
