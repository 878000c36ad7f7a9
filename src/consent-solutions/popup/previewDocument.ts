import bannerRuntime from 'virtual:banner-runtime/banner';
import { composeBannerScript } from '../../../banner/publish/composeBannerScript';
import { escapeHtml } from '../../../banner/publish/escapeHtml';
import { renderTemplateHtml } from '../../../banner/publish/renderTemplateHtml';
import { PREVIEW_MESSAGE_SOURCE } from '../../../banner/src/events';
import { CONSENT_CATEGORIES, type BannerContent, type TemplateCode } from '../../schemas/template';

/**
 * The preview's document (BEYOND-1): a blank stand-in page and the very banner script the
 * CDN would serve (the same built runtime, composed the same way), for one language. It is
 * shown in `<iframe sandbox="allow-scripts" srcdoc>` (no allow-same-origin), so the template's
 * code runs in an opaque origin: it cannot reach the admin's DOM, cookies or storage. The CSP keeps it from loading or sending anything.
 */

interface PreviewLabels {
  replay: string;
}

const CSP = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; font-src data:";

/** An inline script must not contain `</script` (it would end the element early). */
const inlineScript = (code: string): string => code.replace(/<\/(script)/gi, '<\\/$1');

export const previewDocument = (code: TemplateCode, content: BannerContent, labels: PreviewLabels): string => {
  const script = composeBannerScript(bannerRuntime, {
    consentSolutionId: 0,
    version: 0,
    consentVersion: 1,
    defaultLanguage: content.language,
    html: { [content.language]: renderTemplateHtml(code.html, content) },
    toggleLabels: { [content.language]: { show: content.texts['popup.showDetails'] ?? '', hide: content.texts['popup.hideDetails'] ?? '' } },
    categories: CONSENT_CATEGORIES,
    css: code.css,
    js: code.js,
    displayFunction: code.displayFunction,
    hideFunction: code.hideFunction,
    preview: { language: content.language },
  });
  const lines = Array.from({ length: 14 }, (_, index) => `<div class="pv-line" style="width:${60 + ((index * 37) % 40)}%"></div>`).join('');
  return `<!doctype html>
<html lang="${escapeHtml(content.language)}"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
html, body { margin: 0; min-height: 100%; background: #ffffff; }
.pv-page { padding: 24px; }
.pv-title { height: 28px; width: 45%; margin-bottom: 20px; border-radius: 6px; background: #cfd6e0; }
.pv-line { height: 12px; margin: 12px 0; border-radius: 6px; background: #e6e9ee; }
.pv-replay { position: fixed; top: 8px; right: 8px; z-index: 1; padding: 6px 10px; border: 1px solid #0b2545; border-radius: 4px; background: #ffffff; color: #0b2545; font: 13px system-ui, sans-serif; cursor: pointer; }
</style></head>
<body><div class="pv-page" aria-hidden="true"><div class="pv-title"></div>${lines}</div>
<button type="button" class="pv-replay" onclick="window.consentBanner && window.consentBanner.show()">${escapeHtml(labels.replay)}</button>
<script>${inlineScript(script)}</script>
</body></html>`;
};

/** A message the preview posts: only these fields are ever read, and only as plain text. */
export interface PreviewEvent {
  type: string;
  /** For an error: which of the template's functions failed. */
  field: 'js' | 'displayFunction' | 'hideFunction' | null;
  message: string | null;
}

const FUNCTION_FIELDS = new Set(['js', 'displayFunction', 'hideFunction']);

export const readPreviewEvent = (data: unknown): PreviewEvent | undefined => {
  if (typeof data !== 'object' || data === null) return undefined;
  const record = data as Record<string, unknown>;
  if (record.source !== PREVIEW_MESSAGE_SOURCE || typeof record.type !== 'string' || record.type.length > 40) return undefined;
  const detail = record.detail as Record<string, unknown> | null;
  const message = detail && typeof detail.message === 'string' ? detail.message.slice(0, 300) : null;
  const name = detail && typeof detail.function === 'string' && FUNCTION_FIELDS.has(detail.function) ? (detail.function as PreviewEvent['field']) : null;
  return { type: record.type, field: name, message };
};

export const DEVICE_WIDTHS = { mobile: 375, tablet: 768, desktop: 1280 } as const;
export type Device = keyof typeof DEVICE_WIDTHS;
