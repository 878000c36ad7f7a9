import type { GalleryTemplateSeed } from './types';

/** A centred dialog over a dimmed page, with focus kept inside while it is open. */
export const centredModal: GalleryTemplateSeed = {
  name: 'Centred modal',
  description:
    'A centred dialog over a dimmed page, with a choice per category behind a details toggle; keyboard focus stays inside until the visitor chooses.',
  html: `<div class="cm-overlay">
  <div class="cm-modal" role="dialog" aria-modal="true" aria-labelledby="cm-heading" aria-describedby="cm-main">
    <h2 id="cm-heading" class="cm-modal__heading">{{popup.bannerHeading}}</h2>
    <p id="cm-main">{{popup.bannerMainText}}</p>
    <div id="cm-details" class="cm-modal__details" data-consent-details>
      {{categoryToggles}}
      <button type="button" class="cm-btn cm-btn--secondary" data-consent-action="save">{{privacyControls.updateConsentButton}}</button>
      <p>{{popup.aboutCookies}}</p>
      {{cookieList}}
    </div>
    <div class="cm-modal__actions">
      <button type="button" class="cm-btn cm-btn--link" data-consent-action="toggle-details" aria-expanded="false" aria-controls="cm-details">{{popup.showDetails}}</button>
      <span class="cm-spacer"></span>
      <button type="button" class="cm-btn cm-btn--primary" data-consent-action="decline">{{popup.declineButton}}</button>
      <button type="button" class="cm-btn cm-btn--primary" data-consent-action="accept">{{popup.acceptButton}}</button>
    </div>
  </div>
</div>`,
  css: `#cm-banner { font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
.cm-overlay { position: fixed; inset: 0; z-index: 2147483000; display: grid; place-items: center; padding: 16px; background: rgba(11, 37, 69, 0.6); }
.cm-modal { width: min(560px, 100%); max-height: calc(100vh - 32px); overflow: auto; padding: 28px; border-radius: 12px; background: #ffffff; color: #1b1f24; box-shadow: 0 12px 40px rgba(0, 0, 0, 0.35); }
.cm-modal__heading { margin: 0 0 8px; font-size: 22px; color: #0b2545; }
.cm-modal__details { margin: 12px 0; padding: 12px; border-radius: 8px; background: #f3f5f9; }
.cm-modal__actions { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; margin-top: 16px; }
.cm-spacer { flex: 1; }
.cm-categories { display: grid; gap: 10px; margin: 0 0 12px; padding: 10px 12px; border: 1px solid #c5ccd8; border-radius: 8px; }
.cm-categories legend { padding: 0 4px; font-weight: 700; }
.cm-category { display: flex; gap: 10px; align-items: flex-start; }
.cm-category input { width: 20px; height: 20px; margin-top: 2px; accent-color: #0b2545; }
.cm-category-name { display: block; font-weight: 700; }
.cm-category-description { display: block; font-size: 13px; color: #4a5361; }
.cm-cookie-list { padding-inline-start: 20px; }
.cm-cookie-domain, .cm-cookie-category { color: #4a5361; }
.cm-btn { min-height: 44px; padding: 8px 18px; border-radius: 6px; border: 2px solid #0b2545; font: inherit; font-weight: 600; cursor: pointer; }
.cm-btn--primary { background: #0b2545; color: #ffffff; }
.cm-btn--secondary { background: #ffffff; color: #0b2545; }
.cm-btn--link { border-color: transparent; background: none; color: #0b2545; text-decoration: underline; padding-inline: 4px; }
.cm-btn:focus-visible, .cm-category input:focus-visible { outline: 3px solid #b8860b; outline-offset: 2px; }
:root { --cm-control-bg: #0b2545; --cm-control-fg: #ffffff; --cm-control-accent: #b8860b; }
@media (max-width: 600px) { .cm-modal { padding: 20px; } .cm-btn--primary { flex: 1 1 100%; } }`,
  js: `root.addEventListener('keydown', function (event) {
  if (event.key !== 'Tab') return;
  var focusable = root.querySelectorAll('button:not([disabled]), a[href], input:not([disabled])');
  if (focusable.length === 0) return;
  var first = focusable[0];
  var last = focusable[focusable.length - 1];
  if (event.shiftKey && document.activeElement === first) { event.preventDefault(); last.focus(); }
  else if (!event.shiftKey && document.activeElement === last) { event.preventDefault(); first.focus(); }
});`,
  displayFunction: `root.hidden = false;
var primary = root.querySelector('[data-consent-action="accept"]');
if (primary) primary.focus();`,
  hideFunction: `root.hidden = true;`,
};
