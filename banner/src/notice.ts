import type { RuntimeTexts } from './config';
import { textDirection } from './language';

/**
 * STD-4: the opt-out notice of regions whose law asks for a "Do not sell or share" link rather
 * than consent first (no wall). Built with DOM calls only: no text becomes markup.
 */
const NOTICE_CSS =
  '#cm-notice{position:fixed;left:0;right:0;bottom:0;z-index:2147483646;max-height:100vh;overflow:auto;box-sizing:border-box;padding:12px 16px;background:#fff;color:#1a1a1a;border-top:1px solid #555;font:14px/1.4 system-ui,sans-serif}' +
  '#cm-notice p{margin:0 0 8px}#cm-notice button{margin:0;margin-inline-end:12px;padding:0;border:0;background:none;color:#0b57d0;text-decoration:underline;font:inherit;cursor:pointer}';

export interface NoticeActions {
  doNotSell?: () => void;
  settings: () => void;
}

const button = (label: string, onClick: () => void): HTMLButtonElement => {
  const element = document.createElement('button');
  element.type = 'button';
  element.textContent = label;
  element.addEventListener('click', onClick);
  return element;
};

/** The notice; without `doNotSell` it only says the browser's signal was applied. */
export const showNotice = (texts: RuntimeTexts, language: string, message: string, actions: NoticeActions): HTMLElement => {
  const notice = document.createElement('div');
  notice.id = 'cm-notice';
  notice.setAttribute('role', 'region');
  notice.setAttribute('aria-label', texts.settings);
  notice.setAttribute('lang', language);
  notice.setAttribute('dir', textDirection(language));
  const style = document.createElement('style');
  style.textContent = NOTICE_CSS;
  const text = document.createElement('p');
  text.textContent = message;
  notice.append(style, text);
  if (actions.doNotSell) notice.appendChild(button(texts.doNotSell, actions.doNotSell));
  notice.appendChild(button(texts.settings, actions.settings));
  document.body.appendChild(notice);
  return notice;
};
