import { inject } from 'vitest';

interface OutboxEmail {
  to: string;
  link: string;
}

/** DEPLOY-3: what a request to the e2e API's dev routes carries (the run's secret, from globalSetup). */
export const devHeaders = (): Record<string, string> => ({ 'x-dev-secret': inject('devSecret') });

/** The link of the newest email the dev API "sent" to `email` (its dev outbox). */
export const latestLinkFor = async (apiUrl: string, email: string): Promise<string> => {
  const outbox = (await (await fetch(`${apiUrl}/dev/outbox`, { headers: devHeaders() })).json()) as OutboxEmail[];
  const mail = outbox.filter((entry) => entry.to === email).at(-1);
  if (!mail) throw new Error(`no email for ${email} in the outbox`);
  return mail.link;
};
