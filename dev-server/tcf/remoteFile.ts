/** How long a refresh waits for the list's host before it keeps the list it has. */
const FETCH_TIMEOUT_MS = 15_000;

/** Thrown for a 404: a file the host does not have (a language the IAB does not translate into). */
export class NotPublished extends Error {}

/** A list file from its configured host (TCF-3, STD-14); throws on a network error or a status other than 2xx. */
export const fetchRemoteText = async (url: string, accept: string): Promise<string> => {
  const res = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), headers: { accept } });
  if (res.status === 404) throw new NotPublished(`${url} answered 404`);
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return res.text();
};

/** Refreshes on a schedule that never keeps the process alive; returns the stop. */
export const refreshEvery = (ms: number | undefined, refresh: () => Promise<unknown>): (() => void) => {
  if (!ms || ms <= 0) return () => undefined;
  const timer = setInterval(() => void refresh(), ms);
  timer.unref();
  return () => clearInterval(timer);
};
