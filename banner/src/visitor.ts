import type { Visitor } from './config';

const REGIONS: readonly string[] = ['eu', 'us', 'other'] satisfies Visitor['region'][];
const RULES: readonly string[] = ['opt-in', 'opt-out', 'none'] satisfies Visitor['rule'][];
const PARAM = 'visitor';
/** STD-11: the GVL version the CDN held (only with TCF on). */
const GVL_PARAM = 'gvl';

/** STD-4: the core hands what the CDN decided to the UI in the UI script's URL (one cacheable file for every region). */
export const withVisitorParam = (url: URL, visitor: Visitor | null | undefined): string => {
  if (visitor) url.searchParams.set(PARAM, [visitor.region, visitor.rule, ...(visitor.state ? [visitor.state] : [])].join('.'));
  if (visitor?.gvlVersion) url.searchParams.set(GVL_PARAM, String(visitor.gvlVersion));
  return url.toString();
};

/** The visitor the core handed over; none (or a forged value): opt-in, as without regional rules. */
export const visitorParam = (script: HTMLOrSVGScriptElement | null): Visitor | null => {
  try {
    const params = script instanceof HTMLScriptElement && script.src ? new URL(script.src).searchParams : null;
    const [region = '', rule = '', state = ''] = (params?.get(PARAM) ?? '').split('.');
    if (!REGIONS.includes(region) || !RULES.includes(rule)) return null;
    const gvlVersion = Number(params?.get(GVL_PARAM));
    return {
      region,
      rule,
      ...(/^US-[A-Z]{2}$/.test(state) ? { state } : {}),
      ...(Number.isInteger(gvlVersion) && gvlVersion > 0 ? { gvlVersion } : {}),
    } as Visitor;
  } catch {
    return null;
  }
};
