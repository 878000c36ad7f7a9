import { describe, expect, it } from 'vitest';
import { addressPolicy, checkHost, forbiddenAddress, rulesResolver } from './addressGuard';
import { parseRobots } from './robots';
import { parseSitemap } from './sitemap';
import { normaliseUrl, sameSite } from './urls';

describe('the crawl rules', () => {
  it('[SCAN-6] refuses loopback, private, link-local, unique-local, metadata and reserved addresses, v4 and v6, mapped or not', () => {
    expect(forbiddenAddress('127.0.0.1')).toBe('loopback');
    expect(forbiddenAddress('127.8.9.10')).toBe('loopback');
    expect(forbiddenAddress('::1')).toBe('loopback');
    expect(forbiddenAddress('::ffff:127.0.0.1')).toBe('loopback');
    expect(forbiddenAddress('10.0.0.5')).toBe('private');
    expect(forbiddenAddress('172.16.3.4')).toBe('private');
    expect(forbiddenAddress('192.168.1.1')).toBe('private');
    expect(forbiddenAddress('100.64.0.1')).toBe('private');
    expect(forbiddenAddress('169.254.169.254')).toBe('metadata');
    expect(forbiddenAddress('fd00:ec2::254')).toBe('metadata');
    expect(forbiddenAddress('169.254.1.1')).toBe('link_local');
    expect(forbiddenAddress('fe80::1')).toBe('link_local');
    expect(forbiddenAddress('fd12:3456::1')).toBe('unique_local');
    expect(forbiddenAddress('0.0.0.0')).toBe('reserved');
    expect(forbiddenAddress('224.0.0.1')).toBe('reserved');
    expect(forbiddenAddress('93.184.216.34')).toBeNull();
    expect(forbiddenAddress('2606:2800:220:1:248:1893:25c8:1946')).toBeNull();
  });

  it('[SCAN-6] checks every address a name resolves to; the test-only ports of 127.0.0.1 are the only exception', async () => {
    const policy = addressPolicy({
      hostResolverRules: 'MAP fixture.test 127.0.0.1, MAP inner.test 10.1.2.3, MAP evil.test 127.0.0.2',
      allowLoopbackPorts: [4100],
    });
    expect(await checkHost(policy, 'fixture.test', 4100)).toEqual({ ok: true, address: '127.0.0.1', family: 4 });
    expect(await checkHost(policy, 'fixture.test', 4101)).toMatchObject({ ok: false, reason: 'loopback', address: '127.0.0.1' });
    expect(await checkHost(policy, 'inner.test', 4100)).toMatchObject({ ok: false, reason: 'private' });
    expect(await checkHost(policy, 'unknown.test', 4100)).toMatchObject({ ok: false, reason: 'unresolved' });
    expect(await checkHost(policy, '169.254.169.254', 80)).toMatchObject({ ok: false, reason: 'metadata' });
    expect(await checkHost(policy, 'evil.test', 4100)).toMatchObject({ ok: false, reason: 'loopback', address: '127.0.0.2' });
    expect(await checkHost(policy, '[::1]', 4100)).toMatchObject({ ok: false, reason: 'loopback' });
    // The system resolver: `localhost` answers from the hosts file, no query leaves the machine.
    expect(await checkHost(addressPolicy(), 'localhost', 80)).toMatchObject({ ok: false, reason: 'loopback' });
    await expect(rulesResolver('')('anything.test')).rejects.toThrow(/ENOTFOUND/);
  });

  it('[SCAN-3] one page, one URL: fragments, tracking parameters, parameter order, default ports and credentials do not multiply pages', () => {
    const base = 'https://shop.example/';
    expect(normaliseUrl('/a?b=2&a=1#top', base)).toBe('https://shop.example/a?a=1&b=2');
    expect(normaliseUrl('https://Shop.Example:443/a?utm_source=x&utm_medium=y&gclid=1&fbclid=2&id=7')).toBe('https://shop.example/a?id=7');
    expect(normaliseUrl('http://shop.example:80/?msclkid=3')).toBe('http://shop.example/');
    expect(normaliseUrl('https://user:pw@shop.example/x/')).toBe('https://shop.example/x/');
    // Trailing slashes are the site's: /x and /x/ may be two pages (a redirect tells the crawl they are one).
    expect(normaliseUrl('/x', base)).not.toBe(normaliseUrl('/x/', base));
    expect(normaliseUrl('mailto:a@b.c')).toBeNull();
    expect(normaliseUrl('javascript:void(0)')).toBeNull();
    const start = new URL('https://shop.example/');
    expect(sameSite('https://blog.shop.example/p', start, 'shop.example')).toBe(true);
    expect(sameSite('https://shop.example.evil.test/', start, 'shop.example')).toBe(false);
    expect(sameSite('http://shop.example/', start, 'shop.example')).toBe(false);
  });

  it('[SCAN-3] robots.txt: the scanner’s group or *, its Disallow, a capped Crawl-delay and its sitemaps', () => {
    const robots = parseRobots(
      'https://shop.example/robots.txt',
      'User-agent: *\nDisallow: /private/\nCrawl-delay: 2\n\nUser-agent: OtherBot\nDisallow: /\n\nSitemap: https://shop.example/map.xml\n',
    );
    expect(robots.allowed('https://shop.example/private/x')).toBe(false);
    expect(robots.allowed('https://shop.example/public')).toBe(true);
    expect(robots.crawlDelayMs).toBe(2000);
    expect(robots.sitemaps).toEqual(['https://shop.example/map.xml']);
    expect(parseRobots('https://s.example/robots.txt', 'User-agent: *\nCrawl-delay: 3600').crawlDelayMs).toBe(30_000);
    expect(parseRobots('https://s.example/robots.txt', null).allowed('https://s.example/x')).toBe(true);
  });

  it('[SCAN-3] sitemaps: page URLs of a urlset, nested sitemaps of an index, entities decoded, namespaces ignored', () => {
    const urlset = parseSitemap(
      '<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://s.example/a?x=1&amp;y=2</loc></url><url><loc> https://s.example/b </loc><lastmod>2026-01-01</lastmod></url></urlset>',
    );
    expect(urlset).toEqual({ pages: ['https://s.example/a?x=1&y=2', 'https://s.example/b'], sitemaps: [] });
    const index = parseSitemap(
      '<sm:sitemapindex xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9"><sm:sitemap><sm:loc>https://s.example/1.xml</sm:loc></sm:sitemap></sm:sitemapindex>',
    );
    expect(index).toEqual({ pages: [], sitemaps: ['https://s.example/1.xml'] });
    expect(parseSitemap('<urlset><url><loc>https://s.example/ok</loc></url><url><loc>broken')).toEqual({ pages: ['https://s.example/ok'], sitemaps: [] });
  });
});
