import { Suspense, startTransition, useEffect, useState, type ReactNode } from 'react';
import { ConsentBanner } from '../custom-pages/consent/ConsentBanner';
import { integrationsEn } from '../providers/i18n/integrations.en';
import { integrationsFr } from '../providers/i18n/integrations.fr';
import { addTexts } from '../providers/i18n/i18n';
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
 * Shows the loading frame, then `children`, the admin (issue 18). The admin (about 270 kB)
 * starts downloading once the frame is painted: fetched together, it shared the connection
 * with the entry and held the first paint back on a slow network. The switch is a transition,
 * so the frame stays as it is until the admin is ready.
 */
export default function AdminBoot({ children }: { children: ReactNode }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let task: number | undefined;
    const frame = window.requestAnimationFrame(() => {
      task = window.setTimeout(() => startTransition(() => setPainted(true)), 0);
    });
    return () => {
      window.cancelAnimationFrame(frame);
      window.clearTimeout(task);
    };
  }, []);
  return <Suspense fallback={<ShellPlaceholder />}>{painted ? children : <ShellPlaceholder />}</Suspense>;
}
