import { SCAN_DEPTH_LABELS, scanFrequencyFromDays } from '../../src/shared/domainTypes';
import type { Invoice } from '../../src/schemas/subscription';

/**
 * PAY-1: an invoice as a standalone HTML document (printable, saved as PDF from any browser),
 * in English or French. Every value from the account (company, address, domains) is escaped:
 * the document opens on the customer's machine, and a billing field must never become markup.
 */

export type InvoiceLanguage = 'en' | 'fr';

const TEXTS = {
  en: {
    title: 'Invoice',
    number: 'Invoice number',
    issued: 'Issued',
    period: 'Period',
    billedTo: 'Billed to',
    vatNumber: 'VAT number',
    description: 'Description',
    amount: 'Amount',
    plan: { essential: 'Essential plan', professional: 'Professional plan' },
    unusedSlot: 'Domain slot not used yet',
    depth: { lite: 'lite scan (500 pages)', standard: 'standard scan (5,000 pages)', large: 'large scan (15,000 pages)' },
    frequency: { daily: 'daily', weekly: 'weekly', monthly: 'monthly', no_scan: 'no scan' },
    subtotal: 'Subtotal (excl. VAT)',
    discount: 'Coupon',
    vat: 'VAT',
    total: 'Total',
    paid: 'Paid by card',
    ending: 'ending in',
    reverseCharge: 'No VAT charged: reverse charge or export of services.',
    testMode: 'Issued by the development API in test mode: no real payment was taken.',
  },
  fr: {
    title: 'Facture',
    number: 'Numéro de facture',
    issued: 'Émise le',
    period: 'Période',
    billedTo: 'Facturé à',
    vatNumber: 'Numéro de TVA',
    description: 'Désignation',
    amount: 'Montant',
    plan: { essential: 'Offre Essentiel', professional: 'Offre Professionnel' },
    unusedSlot: 'Emplacement de domaine pas encore utilisé',
    depth: { lite: 'analyse légère (500 pages)', standard: 'analyse standard (5 000 pages)', large: 'analyse étendue (15 000 pages)' },
    frequency: { daily: 'quotidienne', weekly: 'hebdomadaire', monthly: 'mensuelle', no_scan: 'sans analyse' },
    subtotal: 'Sous-total (HT)',
    discount: 'Coupon',
    vat: 'TVA',
    total: 'Total',
    paid: 'Payée par carte',
    ending: 'se terminant par',
    reverseCharge: 'TVA non facturée : autoliquidation ou exportation de services.',
    testMode: "Émise par l'API de développement en mode test : aucun paiement réel n'a été prélevé.",
  },
} as const;

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** ISO dates: unambiguous in every country, as an invoice must be. */
const day = (iso: string): string => iso.slice(0, 10);

export const invoiceFileName = (invoice: Pick<Invoice, 'number'>): string => `${invoice.number}.html`;

export const renderInvoiceDocument = (invoice: Invoice, language: InvoiceLanguage): string => {
  const t = TEXTS[language];
  const money = (cents: number) => new Intl.NumberFormat(language, { style: 'currency', currency: invoice.currency }).format(cents / 100);
  const lineText = (line: Invoice['lines'][number]): string => {
    const frequency = scanFrequencyFromDays(line.scanFrequency);
    const what = line.domain === null ? t.unusedSlot : line.domain;
    return `${t.plan[invoice.plan]} · ${what} · ${t.depth[SCAN_DEPTH_LABELS[line.scanDepth]]}${frequency ? `, ${t.frequency[frequency]}` : ''}`;
  };
  const billing = invoice.billing;
  const address = billing
    ? [billing.companyName, billing.addressLine1, billing.addressLine2, `${billing.postalCode} ${billing.city}`, billing.country, billing.invoiceEmail]
        .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
        .map(escapeHtml)
        .join('<br>')
    : '';
  const rows = invoice.lines.map((line) => `<tr><td>${escapeHtml(lineText(line))}</td><td class="n">${money(line.amountCents)}</td></tr>`).join('');
  const discount = invoice.coupon
    ? `<tr><td>${t.discount} ${escapeHtml(invoice.coupon.code)} (−${invoice.coupon.percentOff} %)</td><td class="n">${money(-invoice.discountCents)}</td></tr>`
    : '';
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<title>${t.title} ${escapeHtml(invoice.number)}</title>
<style>
body{font:14px/1.5 system-ui,sans-serif;color:#1a1a1a;max-width:760px;margin:40px auto;padding:0 24px}
h1{font-size:24px;margin:0 0 16px}
table{width:100%;border-collapse:collapse;margin:24px 0}
th,td{text-align:left;padding:6px 8px;border-bottom:1px solid #ddd;vertical-align:top}
.n{text-align:right;white-space:nowrap}
tfoot td{border:0}
.total td{font-weight:700;border-top:2px solid #1a1a1a}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;margin:0}
dt{color:#555}dd{margin:0}
.note{color:#555;font-size:12px}
</style>
</head>
<body>
<h1>${t.title}</h1>
<dl>
<dt>${t.number}</dt><dd>${escapeHtml(invoice.number)}</dd>
<dt>${t.issued}</dt><dd>${day(invoice.issuedAt)}</dd>
<dt>${t.period}</dt><dd>${day(invoice.periodStart)} – ${day(invoice.periodEnd)}</dd>
</dl>
<h2>${t.billedTo}</h2>
<p>${address}${billing?.vatNumber ? `<br>${t.vatNumber}: ${escapeHtml(billing.vatNumber)}` : ''}</p>
<table>
<thead><tr><th>${t.description}</th><th class="n">${t.amount}</th></tr></thead>
<tbody>${rows}</tbody>
<tfoot>
<tr><td>${t.subtotal}</td><td class="n">${money(invoice.netCents)}</td></tr>
${discount}
<tr><td>${t.vat} (${Math.round(invoice.vatRate * 100)} %)</td><td class="n">${money(invoice.vatCents)}</td></tr>
<tr class="total"><td>${t.total}</td><td class="n">${money(invoice.totalCents)}</td></tr>
</tfoot>
</table>
${invoice.card ? `<p>${t.paid} ${escapeHtml(invoice.card.brand.toUpperCase())} ${t.ending} ${escapeHtml(invoice.card.last4)}.</p>` : ''}
${invoice.vatRate === 0 ? `<p class="note">${t.reverseCharge}</p>` : ''}
<p class="note">${t.testMode}</p>
</body>
</html>
`;
};
