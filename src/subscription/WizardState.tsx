import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { Subscription } from '../schemas/subscription';
import { billingFormValues, initialChoice, type BillingFormValues, type PlanChoice } from './subscriptionModel';

/**
 * What the wizard remembers between its steps, in memory only: the plan choice, the billing
 * details and what the summary quotes with. The card is not here: it lives in the payment
 * form alone and leaves it only in the final request (ST-4).
 */
interface WizardState {
  subscription: Subscription;
  /** Whether the role may subscribe (ROLE-3): a read-only one only sees the overview. */
  canManage: boolean;
  choice: PlanChoice;
  setChoice: (change: Partial<PlanChoice>) => void;
  billing: BillingFormValues;
  setBilling: (values: BillingFormValues) => void;
  /** The billing country and coupon the summary quotes with (live from the billing form). */
  quoteCountry: string;
  setQuoteCountry: (country: string) => void;
  quoteCoupon: string;
  setQuoteCoupon: (coupon: string) => void;
  /** Billing violations the server gave to the final request, shown when the billing step opens. */
  billingServerErrors: Record<string, string>;
  setBillingServerErrors: (errors: Record<string, string>) => void;
}

const WizardContext = createContext<WizardState | null>(null);

export const WizardStateProvider = ({ subscription, canManage, children }: { subscription: Subscription; canManage: boolean; children: ReactNode }) => {
  const [choice, setChoiceState] = useState(() => initialChoice(subscription));
  const [billing, setBilling] = useState(() => billingFormValues(subscription.billing, subscription.couponCode));
  const [quoteCountry, setQuoteCountry] = useState(() => subscription.billing?.country ?? '');
  const [quoteCoupon, setQuoteCoupon] = useState(() => subscription.couponCode ?? '');
  const [billingServerErrors, setBillingServerErrors] = useState<Record<string, string>>({});
  const value = useMemo<WizardState>(
    () => ({
      subscription,
      canManage,
      choice,
      setChoice: (change) => setChoiceState((previous) => ({ ...previous, ...change })),
      billing,
      setBilling,
      quoteCountry,
      setQuoteCountry,
      quoteCoupon,
      setQuoteCoupon,
      billingServerErrors,
      setBillingServerErrors,
    }),
    [subscription, canManage, choice, billing, quoteCountry, quoteCoupon, billingServerErrors],
  );
  return <WizardContext.Provider value={value}>{children}</WizardContext.Provider>;
};

export const useWizardState = (): WizardState => {
  const state = useContext(WizardContext);
  if (!state) throw new Error('useWizardState must be used inside WizardStateProvider');
  return state;
};
