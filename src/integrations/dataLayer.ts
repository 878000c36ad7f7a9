type DataLayerEvent = { event: string } & Record<string, unknown>;

declare global {
  interface Window {
    dataLayer?: DataLayerEvent[];
  }
}

/** API-7: the analytics data layer. Pushing is harmless when no tag manager is loaded. */
export const pushToDataLayer = (entry: DataLayerEvent): void => {
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push(entry);
};
