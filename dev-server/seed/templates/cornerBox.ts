import type { GalleryTemplateSeed } from './types';

/** A small card in the bottom corner where lines start (left, right in right-to-left languages) that leaves the page usable. */
export const cornerBox: GalleryTemplateSeed = {
  name: 'Corner box',
  description:
    'A compact card in the bottom corner where lines start (the right one in Arabic or Hebrew) that slides in and leaves the page usable; a details toggle opens a choice per category.',
  html: `<aside class="cm-box" aria-labelledby="cm-heading">
  <h2 id="cm-heading" class="cm-box__heading">{{popup.bannerHeading}}</h2>
  <p class="cm-box__main">{{popup.bannerMainText}}</p>
  <div id="cm-details" class="cm-box__details" data-consent-details>
    {{categoryToggles}}
    <button type="button" class="cm-btn cm-btn--secondary" data-consent-action="save">{{privacyControls.updateConsentButton}}</button>
    {{cookieList}}
  </div>
  <div class="cm-box__actions">
    <button type="button" class="cm-btn cm-btn--primary" data-consent-action="accept">{{popup.acceptButton}}</button>
    <button type="button" class="cm-btn cm-btn--primary" data-consent-action="decline">{{popup.declineButton}}</button>
  </div>
  <button type="button" class="cm-box__toggle" data-consent-action="toggle-details" aria-expanded="false" aria-controls="cm-details">{{popup.showDetails}}</button>
</aside>`,
  css: `#cm-banner { position: fixed; inset-inline-start: 16px; bottom: 16px; z-index: 2147483000; width: min(360px, calc(100vw - 32px)); font: 14px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
.cm-box { padding: 20px; border-radius: 10px; border-top: 6px solid #f2c14e; background: #ffffff; color: #1b1f24; box-shadow: 0 8px 28px rgba(11, 37, 69, 0.3); transform: translateY(0); opacity: 1; transition: transform 200ms ease-out, opacity 200ms ease-out; }
.cm-box.cm-entering { transform: translateY(24px); opacity: 0; }
.cm-box__heading { margin: 0 0 6px; font-size: 17px; color: #0b2545; }
.cm-box__main { margin: 0 0 12px; }
.cm-box__details { max-height: 260px; overflow: auto; margin-bottom: 12px; font-size: 13px; }
.cm-categories { display: grid; gap: 8px; margin: 0 0 8px; padding: 8px 10px; border: 1px solid #c5ccd8; border-radius: 6px; }
.cm-categories legend { padding: 0 4px; font-weight: 700; }
.cm-category { display: flex; gap: 8px; align-items: flex-start; }
.cm-category input { width: 20px; height: 20px; margin: 0; accent-color: #0b2545; }
.cm-category-name { display: block; font-weight: 700; }
.cm-category-description { display: block; color: #4a5361; }
.cm-box__details .cm-btn { width: 100%; margin-bottom: 8px; }
.cm-cookie-list { margin: 0; padding-inline-start: 18px; }
.cm-cookie-domain, .cm-cookie-category { color: #4a5361; }
.cm-box__actions { display: grid; grid-template-columns: 1fr 1fr; gap: 8px; }
.cm-btn { min-height: 44px; border-radius: 6px; border: 2px solid #0b2545; font: inherit; font-weight: 600; cursor: pointer; }
.cm-btn--primary { background: #0b2545; color: #ffffff; }
.cm-btn--secondary { background: #ffffff; color: #0b2545; }
.cm-box__toggle { margin-top: 8px; padding: 4px 0; border: 0; background: none; color: #0b2545; font: inherit; text-decoration: underline; cursor: pointer; }
.cm-btn:focus-visible, .cm-box__toggle:focus-visible, .cm-category input:focus-visible { outline: 3px solid #b8860b; outline-offset: 2px; }
:root { --cm-control-bg: #0b2545; --cm-control-fg: #ffffff; --cm-control-accent: #f2c14e; }
@media (prefers-reduced-motion: reduce) { .cm-box { transition: none; } }`,
  js: `var box = root.querySelector('.cm-box');
if (box) box.classList.add('cm-entering');`,
  displayFunction: `root.hidden = false;
var box = root.querySelector('.cm-box');
if (box) requestAnimationFrame(function () { box.classList.remove('cm-entering'); });`,
  hideFunction: `var box = root.querySelector('.cm-box');
if (box) box.classList.add('cm-entering');
root.hidden = true;`,
};
