declare global {
  interface Navigator {
    globalPrivacyControl?: boolean;
  }
}

/** STD-3: whether the browser sends the Global Privacy Control signal. */
export const gpcSignal = (): boolean => {
  try {
    return window.navigator.globalPrivacyControl === true;
  } catch {
    return false;
  }
};

/** The categories a choice keeps once the signal declined the "sale/share" ones. */
export const withoutDeclined = (categories: readonly string[], declined: readonly string[]): string[] =>
  categories.filter((category) => !declined.includes(category));
