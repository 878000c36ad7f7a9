import { scriptJson } from './scriptJson';

/**
 * The longest the loader waits for the page's first contentful paint: a page that paints
 * nothing contentful for that long gets its banner anyway.
 */
export const CORE_LOADER_PAINT_TIMEOUT_MS = 3000;

/**
 * STD-8: the end of the installation snippet's inline part, which adds the banner's core
 * (`src`, async) once the browser reports the page's first contentful paint. The bench measured
 * that any script the page fetches while it parses, even an empty one or a preload, costs that
 * first paint time when its response arrives as the first frame is made (the fixture page at 4×
 * CPU: the async core tag +24 ms, a preload +35 ms, this loader +9 ms). Added at once where
 * there is no paint to wait for: paint timing unsupported, or the page not visible (a background
 * tab or a prerender paints nothing until shown, and the core's guard should not wait for that).
 * ES5, as everything on customers' pages, and like the Consent Mode part without `<`, `>` or `&`
 * (a CMS that escapes markup in pasted code keeps it intact); `src` and `id` are data, in JSON
 * safe inside a script element.
 */
export const coreLoaderScript = (src: string, consentSolutionId: string): string => loader(scriptJson(src), consentSolutionId);

/**
 * PROMISE-5: the same loader as the end of the CDN's `loader.js`, the one installation snippet's
 * script (`<script src="{API}/cdn/{csId}/loader.js">`): it adds `banner-full.js` from where it
 * was itself served, so publishing needs no URL of the API and the file suits every host name
 * the CDN answers to.
 */
export const cdnLoaderScript = (consentSolutionId: string): string =>
  loader(`String((document.currentScript||{}).src||"").replace(/[^/]*$/,"banner-full.js")`, consentSolutionId);

const loader = (srcExpression: string, consentSolutionId: string): string =>
  `(function(w,d,src,id){var added=0,o;` +
  `function add(){if(added)return;added=1;if(o)o.disconnect();var s=d.createElement("script");s.async=true;s.src=src;s.setAttribute("data-consent-solution",id);(d.head||d.documentElement).appendChild(s)}` +
  `var P=w.PerformanceObserver,types=P?P.supportedEntryTypes:0;` +
  `if(!types||types.indexOf("paint")==-1||d.visibilityState!=="visible")return add();` +
  `try{o=new P(function(list){if(list.getEntriesByName("first-contentful-paint").length)add()});o.observe({type:"paint",buffered:true})}catch(e){return add()}` +
  `setTimeout(add,${CORE_LOADER_PAINT_TIMEOUT_MS})` +
  `})(window,document,${srcExpression},${scriptJson(consentSolutionId)});`;
