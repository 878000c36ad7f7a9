import { Suspense, startTransition, useEffect, useState, type ReactNode } from 'react';
import { ConsentBanner } from '../custom-pages/consent/ConsentBanner';
import { integrationsEn } from '../providers/i18n/integrations.en';
import { integrationsFr } from '../providers/i18n/integrations.fr';
import { addTexts, currentLanguage } from '../providers/i18n/i18n';
import { ShellFrame } from './ShellFrame';

// The notice's texts come with this chunk, not the entry's catalogue: the login route never
// shows it (its 130 kB budget, performance.md).
addTexts('en', integrationsEn);
addTexts('fr', integrationsFr);

/** The admin's loading frame with the real cookie notice: a choice made here is kept. */
export const ShellPlaceholder = () => (
  <ShellFrame>
    <ConsentBanner />
  </ShellFrame>
);

/**
 * The browser loads its number-formatting data with the first Intl formatter: about 40 ms at
 * 4x CPU, which MUI's TablePagination paid as its module ran, inside the first page's long
 * tasks. Made here, while the admin downloads, it fills time the main thread spends waiting.
 */
const warmUpNumberFormats = () => {
  for (const locale of new Set(['en-US', currentLanguage()])) new Intl.NumberFormat(locale).format(1);
};

/**
 * Shows the loading frame, then `children`, the admin (issue 18). The admin (about 270 kB)
 * starts downloading once the frame is painted: fetched together, it shared the connection
 * with the entry and held the first paint back on a slow network. The switch is a transition,
 * so the frame stays as it is until the admin is ready.
 */
export default function AdminBoot({ children }: { children: ReactNode }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let task: number | undefined;
    let warmUp: number | undefined;
    const frame = window.requestAnimationFrame(() => {
      task = window.setTimeout(() => {
        startTransition(() => setPainted(true));
        warmUp = window.setTimeout(warmUpNumberFormats, 0);
      }, 0);
    });
    return () => {
      window.cancelAnimationFrame(frame);
      window.clearTimeout(task);
      window.clearTimeout(warmUp);
    };
  }, []);
  return <Suspense fallback={<ShellPlaceholder />}>{painted ? children : <ShellPlaceholder />}</Suspense>;
}
