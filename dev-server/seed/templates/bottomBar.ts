import type { GalleryTemplateSeed } from './types';

/** A slim bar along the bottom of the page: the default pop-up. */
export const bottomBar: GalleryTemplateSeed = {
  name: 'Bottom bar',
  description: 'A slim bar along the bottom of the page; a details toggle opens a choice per category and the cookie list.',
  isDefault: true,
  html: `<section class="cm-bar" role="region" aria-labelledby="cm-heading">
  <div class="cm-bar__text">
    <h2 id="cm-heading" class="cm-bar__heading">{{popup.bannerHeading}}</h2>
    <p class="cm-bar__main">{{popup.bannerMainText}}</p>
  </div>
  <div class="cm-bar__actions">
    <button type="button" class="cm-btn cm-btn--ghost" data-consent-action="toggle-details" aria-expanded="false" aria-controls="cm-details">{{popup.showDetails}}</button>
    <button type="button" class="cm-btn cm-btn--choice" data-consent-action="decline">{{popup.declineButton}}</button>
    <button type="button" class="cm-btn cm-btn--choice" data-consent-action="accept">{{popup.acceptButton}}</button>
  </div>
  <div id="cm-details" class="cm-bar__details" data-consent-details>
    {{categoryToggles}}
    <button type="button" class="cm-btn cm-btn--ghost" data-consent-action="save">{{privacyControls.updateConsentButton}}</button>
    <p>{{popup.aboutCookies}}</p>
    {{cookieList}}
  </div>
</section>`,
  css: `#cm-banner { position: fixed; inset: auto 0 0 0; z-index: 2147483000; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
.cm-bar { display: flex; flex-wrap: wrap; gap: 12px 24px; align-items: center; padding: 16px 24px; background: #0b2545; color: #ffffff; box-shadow: 0 -4px 16px rgba(0, 0, 0, 0.25); }
.cm-bar__text { flex: 1 1 320px; }
.cm-bar__heading { margin: 0 0 4px; font-size: 17px; }
.cm-bar__main { margin: 0; }
.cm-bar__actions { display: flex; flex-wrap: wrap; gap: 8px; }
.cm-bar__details { flex-basis: 100%; max-height: 40vh; overflow: auto; border-top: 1px solid #3c5a80; padding-top: 8px; }
.cm-categories { display: flex; flex-wrap: wrap; gap: 8px 24px; margin: 8px 0; padding: 8px 12px; border: 1px solid #3c5a80; border-radius: 4px; }
.cm-categories legend { padding: 0 4px; font-weight: 700; }
.cm-category { display: flex; gap: 8px; align-items: flex-start; flex: 1 1 220px; }
.cm-category input { width: 20px; height: 20px; margin-top: 2px; accent-color: #f2c14e; }
.cm-category-name { display: block; font-weight: 700; }
.cm-category-description { display: block; font-size: 13px; color: #c9d6e8; }
.cm-cookie-list { margin: 8px 0 0; padding-inline-start: 20px; }
.cm-cookie-domain, .cm-cookie-category { color: #c9d6e8; }
.cm-btn { min-height: 44px; padding: 8px 18px; border-radius: 4px; border: 2px solid transparent; font: inherit; font-weight: 600; cursor: pointer; }
.cm-btn--choice { background: #f2c14e; color: #0b2545; }
.cm-btn--ghost { background: transparent; color: #ffffff; border-color: #ffffff; }
.cm-btn:focus-visible, .cm-category input:focus-visible { outline: 3px solid #f2c14e; outline-offset: 2px; }
:root { --cm-control-bg: #0b2545; --cm-control-fg: #ffffff; --cm-control-accent: #f2c14e; }
@media (max-width: 600px) { .cm-bar { padding: 12px 16px; } .cm-bar__actions, .cm-btn { width: 100%; } }`,
  js: `root.addEventListener('keydown', function (event) {
  if (event.key === 'Escape' && root.querySelector('[data-consent-details]:not([hidden])')) consent.toggleDetails();
});`,
  displayFunction: `root.hidden = false;`,
  hideFunction: `root.hidden = true;`,
};
