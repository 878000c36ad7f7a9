import type { IncomingHttpHeaders } from 'node:http';
import geoip from 'geoip-country';
import type { Visitor } from '../../banner/src/config';
import { regionOfCountry, ruleForRegion, type RegionRulesSettings } from '../../src/schemas/privacyStandards';

/**
 * STD-4: the visitor's country, decided without any third-party call: the trusted CDN header
 * (its name is configuration, e.g. `CF-IPCountry`), else the client address looked up in the
 * `geoip-country` database shipped with the API. Neither the address nor the country is kept.
 */

const COUNTRY = /^[A-Za-z]{2}$/;

export const headerCountry = (headers: IncomingHttpHeaders, header: string | undefined): string | null => {
  if (!header) return null;
  const raw = headers[header.toLowerCase()];
  const value = Array.isArray(raw) ? raw[0] : raw;
  // CDNs send XX (unknown) and T1 (Tor): neither is a country.
  return value && COUNTRY.test(value) && value.toUpperCase() !== 'XX' ? value.toUpperCase() : null;
};

export const addressCountry = (address: string | undefined): string | null => {
  if (!address) return null;
  return geoip.lookup(address.replace(/^::ffff:/, ''))?.country ?? null;
};

export const visitorCountry = (headers: IncomingHttpHeaders, address: string | undefined, header: string | undefined): string | null =>
  headerCountry(headers, header) ?? addressCountry(address);

/**
 * A US visitor's state from the trusted CDN's region header (its name is configuration, e.g.
 * `CF-Region-Code`): `CA` or `US-CA` gives `US-CA`; anything else, or another country, none.
 */
export const headerState = (headers: IncomingHttpHeaders, header: string | undefined, country: string | null): string | null => {
  if (!header || country !== 'US') return null;
  const raw = headers[header.toLowerCase()];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.toUpperCase().replace(/^US-/, '');
  return value && /^[A-Z]{2}$/.test(value) ? `US-${value}` : null;
};

export const visitorFor = (regions: RegionRulesSettings, country: string | null, state: string | null = null): Visitor => {
  const region = regionOfCountry(country);
  return { region, rule: ruleForRegion(regions, region), ...(region === 'us' && state ? { state } : {}) };
};
