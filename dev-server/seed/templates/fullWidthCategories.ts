import type { GalleryTemplateSeed } from './types';

/** A full-width panel at the top with a switch per category and a save-my-choice button. */
export const fullWidthCategories: GalleryTemplateSeed = {
  name: 'Full width with category toggles',
  description: 'A full-width panel at the top of the page where visitors consent per category.',
  html: `<section class="cm-panel" role="region" aria-labelledby="cm-heading">
  <div class="cm-panel__inner">
    <h2 id="cm-heading" class="cm-panel__heading">{{popup.bannerHeading}}</h2>
    <p>{{popup.bannerMainText}}</p>
    {{categoryToggles}}
    <div id="cm-details" class="cm-panel__details" data-consent-details>
      <p>{{cookiePolicy.cookiesOverview}}</p>
      {{cookieList}}
    </div>
    <div class="cm-panel__actions">
      <button type="button" class="cm-btn cm-btn--link" data-consent-action="toggle-details" aria-expanded="false" aria-controls="cm-details">{{popup.showDetails}}</button>
      <button type="button" class="cm-btn cm-btn--primary" data-consent-action="decline">{{privacyControls.multidecline}}</button>
      <button type="button" class="cm-btn cm-btn--secondary" data-consent-action="save">{{privacyControls.updateConsentButton}}</button>
      <button type="button" class="cm-btn cm-btn--primary" data-consent-action="accept">{{privacyControls.multiaccept}}</button>
    </div>
  </div>
</section>`,
  css: `#cm-banner { position: fixed; inset: 0 0 auto 0; z-index: 2147483000; max-height: 100vh; overflow: auto; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
.cm-panel { background: #f7f3e8; color: #1b1f24; border-bottom: 4px solid #0b2545; box-shadow: 0 6px 20px rgba(0, 0, 0, 0.2); }
.cm-panel__inner { max-width: 1100px; margin: 0 auto; padding: 20px 24px; }
.cm-panel__heading { margin: 0 0 6px; font-size: 20px; color: #0b2545; }
.cm-categories { display: grid; grid-template-columns: repeat(auto-fit, minmax(220px, 1fr)); gap: 12px; margin: 12px 0; padding: 12px; border: 1px solid #c8c0a8; border-radius: 8px; }
.cm-categories legend { padding: 0 6px; font-weight: 700; }
.cm-category { display: flex; gap: 10px; align-items: flex-start; }
.cm-category input { width: 22px; height: 22px; margin-top: 2px; accent-color: #0b2545; }
.cm-category-name { display: block; font-weight: 700; }
.cm-category-description { display: block; font-size: 13px; color: #4a5361; }
.cm-panel__details { margin-bottom: 12px; }
.cm-cookie-list { padding-inline-start: 20px; }
.cm-panel__actions { display: flex; flex-wrap: wrap; justify-content: flex-end; gap: 8px; }
.cm-btn { min-height: 44px; padding: 8px 18px; border-radius: 6px; border: 2px solid #0b2545; font: inherit; font-weight: 600; cursor: pointer; }
.cm-btn--primary { background: #0b2545; color: #ffffff; }
.cm-btn--secondary { background: #ffffff; color: #0b2545; }
.cm-btn--link { margin-inline-end: auto; border-color: transparent; background: none; color: #0b2545; text-decoration: underline; }
.cm-btn:focus-visible, .cm-category input:focus-visible { outline: 3px solid #b8860b; outline-offset: 2px; }
:root { --cm-control-bg: #0b2545; --cm-control-fg: #ffffff; --cm-control-accent: #b8860b; }
@media (max-width: 600px) { .cm-panel__actions .cm-btn { flex: 1 1 100%; } }`,
  js: `var stored = consent.get();
if (stored && stored.categories) {
  var boxes = root.querySelectorAll('[data-consent-category]');
  for (var i = 0; i < boxes.length; i++) {
    if (stored.categories.indexOf(boxes[i].getAttribute('data-consent-category')) >= 0) boxes[i].checked = true;
  }
}`,
  displayFunction: `root.hidden = false;`,
  hideFunction: `root.hidden = true;`,
};
