import { CONSENT_CATEGORIES, isKnownPlaceholder, PLACEHOLDER_PATTERN, type BannerContent } from '../../src/schemas/template';
import { escapeHtml } from './escapeHtml';

/**
 * A template's html with its placeholders filled (ENT-3), at publish time and in the admin's
 * preview alike: `{{popup.bannerHeading}}` takes a text, escaped; `{{cookieList}}`,
 * `{{categoryToggles}}` and `{{language}}` take generated blocks.
 */

const text = (content: BannerContent, key: string): string => content.texts[key] ?? '';

const cookieListHtml = (content: BannerContent): string => {
  if (content.cookies.length === 0) return `<p class="cm-no-scan">${escapeHtml(text(content, 'cookiePolicy.noScanPerformed'))}</p>`;
  const items = content.cookies.map((cookie) => {
    const category = text(content, `categories.${cookie.category}.name`) || cookie.category;
    const purpose = cookie.purpose === '' ? '' : `<span class="cm-cookie-purpose">${escapeHtml(cookie.purpose)}</span>`;
    return `<li class="cm-cookie" data-cookie-category="${escapeHtml(cookie.category)}"><strong class="cm-cookie-name">${escapeHtml(cookie.name)}</strong> <span class="cm-cookie-domain">${escapeHtml(cookie.domain)}</span> <span class="cm-cookie-category">${escapeHtml(category)}</span> ${purpose}</li>`;
  });
  return `<ul class="cm-cookie-list">${items.join('')}</ul>`;
};

const categoryTogglesHtml = (content: BannerContent): string =>
  `<fieldset class="cm-categories"><legend>${escapeHtml(text(content, 'privacyControls.categoryConsentHeader'))}</legend>${CONSENT_CATEGORIES.map(
    (category) => {
      const id = `cm-category-${category}`;
      const locked = category === 'necessary' ? ' checked disabled' : '';
      return `<div class="cm-category"><input type="checkbox" id="${id}" data-consent-category="${category}"${locked}><label for="${id}"><span class="cm-category-name">${escapeHtml(text(content, `categories.${category}.name`))}</span> <span class="cm-category-description">${escapeHtml(text(content, `categories.${category}.description`))}</span></label></div>`;
    },
  ).join('')}</fieldset>`;

/** Unknown placeholders become nothing: publishing refuses them first (compile check). */
export const renderTemplateHtml = (html: string, content: BannerContent): string =>
  html.replace(PLACEHOLDER_PATTERN, (_match, name: string) => {
    if (name === 'cookieList') return cookieListHtml(content);
    if (name === 'categoryToggles') return categoryTogglesHtml(content);
    if (name === 'language') return escapeHtml(content.language);
    return isKnownPlaceholder(name) ? escapeHtml(text(content, name)) : '';
  });
