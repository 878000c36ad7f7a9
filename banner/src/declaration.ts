import type { ConsentApi } from './config';
import { consentCookie } from './consentCookie';
import type { DeclarationCategory, DeclarationData, DeclarationLanguage } from './declarationTypes';
import { pickLanguage, textDirection } from './language';

/**
 * The embeddable cookie declaration (STD-5): one script tag renders, into the element the
 * customer placed (`data-target`, default `#cm-declaration`), the cookie-policy texts, the
 * cookies per category as tables, the scanned domains and last scan, and the visitor's choice
 * with its consent id and buttons that reopen or withdraw it through the banner. Everything is
 * built with DOM calls: no text becomes markup. Classes `cm-decl-*` let the site style it.
 */

type Tag = keyof HTMLElementTagNameMap;

const el = <K extends Tag>(tag: K, text?: string, className?: string): HTMLElementTagNameMap[K] => {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
};

const banner = (): ConsentApi | undefined => (window as unknown as { consentBanner?: ConsentApi }).consentBanner;

const categoryTable = (category: DeclarationCategory, lang: DeclarationLanguage): HTMLElement => {
  const section = el('section', undefined, 'cm-decl-category');
  section.append(el('h3', category.name), el('p', category.description));
  if (category.cookies.length === 0) return section;
  const table = el('table', undefined, 'cm-decl-table');
  table.appendChild(el('caption', category.name));
  const head = el('tr');
  const { labels, texts } = lang;
  for (const label of [labels.name, labels.domain, labels.purpose, labels.expiry, labels.type, texts.serviceRole]) {
    const th = el('th', label);
    th.scope = 'col';
    head.appendChild(th);
  }
  const body = el('tbody');
  for (const cookie of category.cookies) {
    const row = el('tr');
    cookie.forEach((value, index) => {
      if (index === 0) {
        const th = el('th', value);
        th.scope = 'row';
        row.appendChild(th);
      } else row.appendChild(el('td', value));
    });
    body.appendChild(row);
  }
  table.append(el('thead'), body);
  (table.tHead as HTMLTableSectionElement).appendChild(head);
  section.appendChild(table);
  return section;
};

export const render = (data: DeclarationData, target: HTMLElement): void => {
  const language = pickLanguage(data.languages, data.defaultLanguage);
  const lang = data.languages[language] ?? data.languages[data.defaultLanguage];
  if (!lang) return;
  const { texts, labels } = lang;
  const cookie = consentCookie(data.consentSolutionId, false);
  const root = el('div', undefined, 'cm-declaration');
  root.lang = language;
  root.dir = textDirection(language);
  root.append(el('p', texts.cookieDeclarationText), el('p', texts.cookiesOverview));

  const choice = el('section', undefined, 'cm-decl-choice');
  choice.setAttribute('aria-live', 'polite');
  const showChoice = (): void => {
    const stored = cookie.read();
    const current = stored && stored.v === data.consentVersion && stored.categories instanceof Array ? stored : null;
    const names = (current?.categories ?? []).map((id) => lang.categories.find((c) => c.id === id)?.name ?? id);
    const lines = current
      ? [
          `${labels.yourChoice}: ${names.join(', ')}`,
          `${labels.decidedAt}: ${current.at ? new Date(current.at).toLocaleString(language) : ''}`,
          `${labels.consentId}: ${current.id ?? ''}`,
        ]
      : [labels.noChoice];
    choice.replaceChildren(el('h3', labels.yourChoice), ...lines.map((line) => el('p', line)));
    const change = el('button', labels.change, 'cm-decl-change');
    change.type = 'button';
    change.addEventListener('click', () => banner()?.show());
    const withdraw = el('button', labels.withdraw, 'cm-decl-withdraw');
    withdraw.type = 'button';
    withdraw.addEventListener('click', () => banner()?.decline());
    choice.append(change, withdraw);
  };
  showChoice();
  for (const event of ['accept', 'decline', 'save', 'opt-out', 'gpc', 'shared', 'recorded']) window.addEventListener(`consent:${event}`, showChoice);
  root.appendChild(choice);

  if (data.lastScanAt === null) root.appendChild(el('p', texts.noScanPerformed, 'cm-decl-no-scan'));
  for (const category of lang.categories) root.appendChild(categoryTable(category, lang));
  const domains = el('ul', undefined, 'cm-decl-domains');
  for (const domain of data.domains) domains.appendChild(el('li', domain));
  root.append(el('p', texts.domainListExplanation), domains);
  if (data.lastScanAt !== null) root.appendChild(el('p', `${texts.lastUpdated}: ${new Date(data.lastScanAt).toLocaleDateString(language)}`, 'cm-decl-updated'));
  target.replaceChildren(root);
};

/** Called by the published declaration script while it runs (its tag names the target). */
export const start = (data: DeclarationData): void => {
  const script = document.currentScript;
  const targetId = (script instanceof HTMLScriptElement && script.getAttribute('data-target')) || 'cm-declaration';
  const mount = (): void => {
    const target = document.getElementById(targetId);
    if (target) render(data, target);
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', mount);
  else mount();
};
