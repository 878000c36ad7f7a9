import { isConsented, PLACEHOLDER_ATTRIBUTE } from './autoblocking';
import type { ControlTexts } from './config';

const BLOCKED_EMBEDS = 'iframe[data-src][data-consent-category]';
const PLACEHOLDER_CLASS = 'cm-placeholder';

const fill = (template: string, category: string): string => template.split('{category}').join(category);

/** The placeholder's size: the embed's own, so the page does not move when it loads. */
const sizeLike = (placeholder: HTMLElement, embed: HTMLElement): void => {
  const width = embed.offsetWidth || Number(embed.getAttribute('width')) || 0;
  const height = embed.offsetHeight || Number(embed.getAttribute('height')) || 0;
  if (width > 0) placeholder.style.width = `${width}px`;
  if (height > 0) placeholder.style.minHeight = `${height}px`;
};

/**
 * PROMISE-1: in place of each marked embed (iframe: a video, a map) whose category is not
 * consented, a placeholder in the visitor's language that says why it is hidden and consents to
 * that category in place (`consentTo`). Built with DOM calls only: the embed's title and the
 * texts never become markup. The embed comes back when its category is consented (autoblocking.ts).
 */
export const showPlaceholders = (texts: ControlTexts, language: string, consented: readonly string[], consentTo: (category: string) => void): void => {
  for (const embed of Array.from(document.querySelectorAll<HTMLElement>(BLOCKED_EMBEDS))) {
    if (embed.hasAttribute(PLACEHOLDER_ATTRIBUTE) || isConsented(embed, consented)) continue;
    const category = embed.getAttribute('data-consent-category') ?? '';
    const name = texts.categories[category] ?? category;
    const placeholder = document.createElement('div');
    placeholder.className = PLACEHOLDER_CLASS;
    placeholder.setAttribute('lang', language);
    placeholder.setAttribute('data-consent-placeholder-for', category);
    sizeLike(placeholder, embed);
    const title = embed.getAttribute('title');
    if (title) {
      const heading = document.createElement('p');
      heading.className = `${PLACEHOLDER_CLASS}__title`;
      heading.textContent = title;
      placeholder.appendChild(heading);
    }
    const text = document.createElement('p');
    text.textContent = fill(texts.placeholder, name);
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = fill(texts.placeholderAccept, name);
    button.addEventListener('click', () => consentTo(category));
    placeholder.append(text, button);
    embed.parentNode?.insertBefore(placeholder, embed);
    embed.setAttribute(PLACEHOLDER_ATTRIBUTE, '');
    embed.hidden = true;
  }
};

/** Takes away the placeholders whose embed has loaded since (its category consented). */
export const removeLoadedPlaceholders = (): void => {
  for (const placeholder of Array.from(document.querySelectorAll(`.${PLACEHOLDER_CLASS}`))) {
    const embed = placeholder.nextElementSibling;
    if (!embed || !embed.hasAttribute(PLACEHOLDER_ATTRIBUTE)) placeholder.remove();
  }
};
