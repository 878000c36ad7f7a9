import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../providers/dataProvider';
import { queryKeys } from '../providers/queryKeys';
import type { SubscriptionPrice } from '../schemas/billing';
import type { QuoteRequest } from '../schemas/subscription';
import { quoteRequestOf, serverFieldErrors, type PlanChoice } from './subscriptionModel';
import { useDebouncedValue } from './useDebouncedValue';

/** Pause after the last change before re-quoting, so a burst of clicks asks the server once. */
const QUOTE_DEBOUNCE_MS = 300;

export interface QuoteResult {
  price: SubscriptionPrice;
  /** The server's reason for refusing the coupon (already translated); the price is then without it. */
  couponError: string | null;
}

/**
 * `POST /subscriptions/quote` as one query: a refused coupon does not blank the summary: the
 * price is quoted again without it and the reason is returned beside it. The billing step asks
 * the same query before moving on, so a coupon the summary refused never reaches the payment.
 */
export const quoteQuery = (dataProvider: AppDataProvider, request: QuoteRequest) => ({
  queryKey: queryKeys.subscription.quote(request),
  queryFn: async (): Promise<QuoteResult> => {
    try {
      return { price: await dataProvider.quoteSubscription(request), couponError: null };
    } catch (error) {
      const couponError = serverFieldErrors(error, '').coupon;
      if (!request.coupon || couponError === undefined) throw error;
      const { coupon: _refused, ...withoutCoupon } = request;
      return { price: await dataProvider.quoteSubscription(withoutCoupon), couponError };
    }
  },
});

/** The live price of a choice, billing country (VAT) and coupon (BEYOND-6, CONST-3). */
export const useQuote = (choice: PlanChoice, country: string, coupon: string) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const request = useDebouncedValue(quoteRequestOf(choice, country, coupon), QUOTE_DEBOUNCE_MS);
  return useQuery({ ...quoteQuery(dataProvider, request), placeholderData: keepPreviousData });
};
