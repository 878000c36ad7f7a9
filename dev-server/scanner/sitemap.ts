import sax from 'sax';

/**
 * SCAN-3: the page URLs of a sitemap (`<urlset>`) and the sitemaps a sitemap index names
 * (`<sitemapindex>`), read with a streaming XML parser so a 50,000-URL file costs no DOM.
 */

export interface SitemapContent {
  pages: string[];
  sitemaps: string[];
}

export const parseSitemap = (xml: string): SitemapContent => {
  const parser = sax.parser(true, { trim: true, lowercase: true });
  const found: SitemapContent = { pages: [], sitemaps: [] };
  const path: string[] = [];
  let text = '';
  parser.onopentag = (tag) => {
    path.push(tag.name.replace(/^.*:/, '').toLowerCase());
    text = '';
  };
  parser.ontext = (value) => {
    text += value;
  };
  parser.oncdata = (value) => {
    text += value;
  };
  parser.onclosetag = () => {
    const name = path.pop();
    const parent = path[path.length - 1];
    if (name === 'loc' && text !== '') {
      if (parent === 'url') found.pages.push(text.trim());
      else if (parent === 'sitemap') found.sitemaps.push(text.trim());
    }
    text = '';
  };
  parser.onerror = () => {
    // A broken sitemap gives what was read before the error.
    parser.resume();
  };
  try {
    parser.write(xml).close();
  } catch {
    // as above
  }
  return found;
};
