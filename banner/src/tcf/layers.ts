import type { GvlDeclarations } from '../../../src/schemas/tcf';
import { ALL_PURPOSES, consentVendors, legIntPurposesInPlay, legIntVendors, specialFeaturesInPlay } from './choices';
import type { TcfBundle, TcfChoices, TcfTexts } from './tcfConfig';

/**
 * TCF-4: the two layers the framework's policy asks for, built with DOM calls only (GVL and
 * customer texts are never parsed as html). The first layer states the number of vendors, the
 * purposes (as stacks where a stack covers them) and special features, with links into the
 * second layer; the second lists purposes, special purposes, features, special features and the
 * vendors, with consent and legitimate-interest controls.
 */

export interface TcfLayers {
  element: HTMLElement;
  read: () => TcfChoices;
  set: (choices: TcfChoices) => void;
  /** STD-14: the Additional Consent providers ticked. */
  readAc: () => number[];
  setAc: (ids: number[]) => void;
  /** Whether the visitor opened the second layer (the string's consent screen). */
  secondLayerOpened: () => boolean;
}

type Named = { id: number; name: string; description?: string };

const el = <K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, attrs: Record<string, string> = {}): HTMLElementTagNameMap[K] => {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  return node;
};

const fill = (template: string, values: Record<string, string | number>): string =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));

const httpUrl = (value: string | undefined): string | null => {
  try {
    const url = new URL(String(value));
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
};

const box = (attr: string, id: number, label: string): HTMLLabelElement => {
  const wrapper = el('label');
  const input = el('input', undefined, { type: 'checkbox', [attr]: String(id) });
  wrapper.append(input, document.createTextNode(` ${label}`));
  return wrapper;
};

/** Stacks that cover whole groups of the purposes and special features shown, largest first, without overlap. */
const chooseStacks = (declarations: GvlDeclarations, purposes: number[], specialFeatures: number[]) => {
  const left = new Set(purposes);
  const leftFeatures = new Set(specialFeatures);
  const chosen: Named[] = [];
  const stacks = Object.values(declarations.stacks).sort(
    (a, b) => b.purposes.length + b.specialFeatures.length - (a.purposes.length + a.specialFeatures.length),
  );
  for (const stack of stacks) {
    const size = stack.purposes.length + stack.specialFeatures.length;
    if (size > 1 && stack.purposes.every((p) => left.has(p)) && stack.specialFeatures.every((f) => leftFeatures.has(f))) {
      chosen.push(stack);
      stack.purposes.forEach((p) => left.delete(p));
      stack.specialFeatures.forEach((f) => leftFeatures.delete(f));
    }
  }
  return { stacks: chosen, purposes: [...left].sort((a, b) => a - b), specialFeatures: [...leftFeatures].sort((a, b) => a - b) };
};

export const buildLayers = (bundle: TcfBundle, language: string): TcfLayers => {
  const texts: TcfTexts | undefined = bundle.texts[language] ?? bundle.texts.en;
  const t = (key: keyof TcfTexts): string => texts?.[key] ?? key;
  const declarations: GvlDeclarations = bundle.translations[language] ?? bundle.gvl;
  const named = (map: Record<string, Named>, id: number): Named => map[String(id)] ?? { id, name: `#${id}` };
  const liPurposes = legIntPurposesInPlay(bundle);
  const specialFeatures = specialFeaturesInPlay(bundle);
  const consenting = new Set(consentVendors(bundle));
  const objecting = new Set(legIntVendors(bundle));
  let opened = false;

  const container = el('div', undefined, { 'data-tcf': '' });
  // The template styles the banner; links take its text colour rather than the browser's blue,
  // which would fail contrast on the dark backgrounds templates often use.
  container.append(el('style', '[data-tcf] a{color:inherit;text-decoration:underline}'));

  // First layer.
  const first = el('section', undefined, { 'data-tcf-layer': '1' });
  const partners = bundle.vendors.length + bundle.acProviders.length;
  first.append(el('p', fill(t('firstLayer'), { vendors: partners })));
  const summary = chooseStacks(declarations, ALL_PURPOSES, specialFeatures);
  first.append(el('h3', t('purposesHeading')));
  const purposeList = el('ul');
  for (const stack of summary.stacks) purposeList.append(el('li', stack.name));
  for (const id of summary.purposes) purposeList.append(el('li', named(declarations.purposes, id).name));
  first.append(purposeList);
  if (summary.specialFeatures.length > 0) {
    first.append(el('h3', t('specialFeaturesHeading')));
    const list = el('ul');
    for (const id of summary.specialFeatures) list.append(el('li', named(declarations.specialFeatures, id).name));
    first.append(list);
  }
  const links = el('p');
  const manage = el('button', t('manageOptions'), { type: 'button', 'data-tcf-open': 'purposes', 'aria-expanded': 'false' });
  const vendorsLink = el('button', fill(t('vendorsLink'), { vendors: partners }), {
    type: 'button',
    'data-tcf-open': 'vendors',
    'aria-expanded': 'false',
  });
  links.append(manage, document.createTextNode(' '), vendorsLink);
  first.append(links);

  // Second layer.
  const second = el('section', undefined, { 'data-tcf-layer': '2', 'aria-label': t('secondLayerHeading') });
  second.hidden = true;
  second.append(el('h3', t('secondLayerHeading')));

  const purposesBlock = el('div', undefined, { 'data-tcf-section': 'purposes', tabindex: '-1' });
  purposesBlock.append(el('h4', t('purposesHeading')));
  for (const id of ALL_PURPOSES) {
    const purpose = named(declarations.purposes, id);
    const item = el('div', undefined, { 'data-tcf-purpose': String(id) });
    item.append(el('strong', purpose.name), el('p', purpose.description ?? ''), box('data-tcf-purpose-consent', id, t('consent')));
    if (liPurposes.includes(id)) item.append(box('data-tcf-purpose-li', id, t('legitimateInterest')));
    purposesBlock.append(item);
  }
  second.append(purposesBlock);

  const infoList = (heading: string, map: Record<string, Named>) => {
    const block = el('div');
    block.append(el('h4', heading));
    const list = el('ul');
    for (const item of Object.values(map)) {
      const entry = el('li');
      entry.append(el('strong', item.name), document.createTextNode(`: ${item.description ?? ''}`));
      list.append(entry);
    }
    block.append(list);
    return block;
  };
  second.append(infoList(t('specialPurposesHeading'), declarations.specialPurposes), infoList(t('featuresHeading'), declarations.features));

  if (specialFeatures.length > 0) {
    const block = el('div');
    block.append(el('h4', t('specialFeaturesHeading')));
    for (const id of specialFeatures) {
      const feature = named(declarations.specialFeatures, id);
      const item = el('div');
      item.append(box('data-tcf-special-feature', id, feature.name), el('p', feature.description ?? ''));
      block.append(item);
    }
    second.append(block);
  }

  const vendorsBlock = el('div', undefined, { 'data-tcf-section': 'vendors', tabindex: '-1' });
  vendorsBlock.append(el('h4', t('vendorsHeading')));
  const names = (ids: number[], map: Record<string, Named>) => ids.map((id) => named(map, id).name).join(', ');
  for (const choice of [...bundle.vendors].sort((a, b) =>
    (bundle.gvl.vendors[String(a.id)]?.name ?? '').localeCompare(bundle.gvl.vendors[String(b.id)]?.name ?? ''),
  )) {
    const vendor = bundle.gvl.vendors[String(choice.id)];
    if (!vendor) continue;
    const details = el('details', undefined, { 'data-tcf-vendor': String(vendor.id) });
    details.append(el('summary', vendor.name));
    if (consenting.has(vendor.id)) details.append(box('data-tcf-vendor-consent', vendor.id, t('consent')));
    if (objecting.has(vendor.id)) details.append(box('data-tcf-vendor-li', vendor.id, t('legitimateInterest')));
    const facts = el('ul');
    if (vendor.purposes.length > 0) facts.append(el('li', `${t('consent')}: ${names(vendor.purposes, declarations.purposes)}`));
    if (choice.legIntPurposes.length > 0) facts.append(el('li', `${t('legitimateInterest')}: ${names(choice.legIntPurposes, declarations.purposes)}`));
    if (vendor.specialPurposes.length > 0)
      facts.append(el('li', `${t('specialPurposesHeading')}: ${names(vendor.specialPurposes, declarations.specialPurposes)}`));
    if (vendor.specialFeatures.length > 0)
      facts.append(el('li', `${t('specialFeaturesHeading')}: ${names(vendor.specialFeatures, declarations.specialFeatures)}`));
    if (vendor.dataDeclaration && vendor.dataDeclaration.length > 0)
      facts.append(el('li', `${t('dataCategories')}: ${names(vendor.dataDeclaration, declarations.dataCategories)}`));
    if (vendor.dataRetention?.stdRetention !== undefined) facts.append(el('li', fill(t('retention'), { days: vendor.dataRetention.stdRetention })));
    if (typeof vendor.cookieMaxAgeSeconds === 'number') facts.append(el('li', fill(t('cookieMaxAge'), { seconds: vendor.cookieMaxAgeSeconds })));
    const url = vendor.urls?.find((u) => u.langId === language) ?? vendor.urls?.find((u) => u.langId === 'en') ?? vendor.urls?.[0];
    const href = httpUrl(url?.privacy);
    if (href) {
      const item = el('li');
      item.append(el('a', t('privacyPolicy'), { href, target: '_blank', rel: 'noopener noreferrer' }));
      facts.append(item);
    }
    details.append(facts);
    vendorsBlock.append(details);
  }
  second.append(vendorsBlock);

  if (bundle.acProviders.length > 0) {
    const block = el('div', undefined, { 'data-tcf-section': 'ac-providers' });
    block.append(el('h4', t('acProvidersHeading')));
    for (const provider of [...bundle.acProviders].sort((a, b) => a.name.localeCompare(b.name))) {
      const item = el('div', undefined, { 'data-tcf-ac-provider': String(provider.id) });
      item.append(box('data-tcf-ac-consent', provider.id, provider.name));
      const href = httpUrl(provider.policyUrl);
      if (href) item.append(document.createTextNode(' '), el('a', t('privacyPolicy'), { href, target: '_blank', rel: 'noopener noreferrer' }));
      block.append(item);
    }
    second.append(block);
  }

  const actions = el('p');
  actions.append(
    el('button', t('back'), { type: 'button', 'data-tcf-close': '' }),
    el('button', t('rejectAll'), { type: 'button', 'data-consent-action': 'decline' }),
    el('button', t('saveChoices'), { type: 'button', 'data-consent-action': 'save' }),
    el('button', t('acceptAll'), { type: 'button', 'data-consent-action': 'accept' }),
  );
  second.append(actions);
  container.append(first, second);

  const openSecond = (section: string | null): void => {
    opened = true;
    second.hidden = false;
    manage.setAttribute('aria-expanded', 'true');
    vendorsLink.setAttribute('aria-expanded', 'true');
    second.querySelector<HTMLElement>(`[data-tcf-section="${section ?? 'purposes'}"]`)?.focus();
  };
  container.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const open = target?.closest('[data-tcf-open]');
    if (open) openSecond(open.getAttribute('data-tcf-open'));
    else if (target?.closest('[data-tcf-close]')) {
      second.hidden = true;
      manage.setAttribute('aria-expanded', 'false');
      vendorsLink.setAttribute('aria-expanded', 'false');
      manage.focus();
    }
  });

  const checked = (attr: string): number[] =>
    Array.from(container.querySelectorAll<HTMLInputElement>(`[${attr}]`))
      .filter((input) => input.checked)
      .map((input) => Number(input.getAttribute(attr)));
  const check = (attr: string, ids: number[]): void => {
    for (const input of Array.from(container.querySelectorAll<HTMLInputElement>(`[${attr}]`))) input.checked = ids.includes(Number(input.getAttribute(attr)));
  };

  return {
    element: container,
    read: () => ({
      purposeConsents: checked('data-tcf-purpose-consent'),
      purposeLegitimateInterests: checked('data-tcf-purpose-li'),
      vendorConsents: checked('data-tcf-vendor-consent'),
      vendorLegitimateInterests: checked('data-tcf-vendor-li'),
      specialFeatureOptins: checked('data-tcf-special-feature'),
    }),
    set: (choices) => {
      check('data-tcf-purpose-consent', choices.purposeConsents);
      check('data-tcf-purpose-li', choices.purposeLegitimateInterests);
      check('data-tcf-vendor-consent', choices.vendorConsents);
      check('data-tcf-vendor-li', choices.vendorLegitimateInterests);
      check('data-tcf-special-feature', choices.specialFeatureOptins);
    },
    readAc: () => checked('data-tcf-ac-consent'),
    setAc: (ids) => check('data-tcf-ac-consent', ids),
    secondLayerOpened: () => opened,
  };
};
