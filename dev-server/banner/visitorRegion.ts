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

export const visitorFor = (regions: RegionRulesSettings, country: string | null): Visitor => {
  const region = regionOfCountry(country);
  return { region, rule: ruleForRegion(regions, region) };
};
