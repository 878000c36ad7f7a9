import Alert from '@mui/material/Alert';
import { useCanAccess, useLocaleState, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { useAccount } from '../../hooks/useAccount';
import { formatCents } from '../../shared/pricing';
import { usePricing } from '../../hooks/usePricing';
import { planOf, pricePreview, type DomainFormValues } from './domainModel';

interface PricePreviewProps {
  /** Where the domain fields sit in the form (see DomainInputs). */
  prefix?: '' | 'domain.';
  /** The saved settings of an edited domain; absent for a new one. */
  saved?: Pick<DomainFormValues, 'type' | 'scanDepth' | 'scanFrequency'>;
}

/**
 * PROD-4, BEYOND-6: what the form's scanner settings cost per month, before saving. Prices come
 * from `GET /pricing` through the shared `quote` arithmetic, never from the client. Not shown
 * to a role that sees no prices (an agency's client, ROLE-1).
 */
export const PricePreview = (props: PricePreviewProps) => {
  const { canAccess } = useCanAccess({ resource: 'pricing', action: 'list' });
  return canAccess ? <Preview {...props} /> : null;
};

const Preview = ({ prefix = '', saved }: PricePreviewProps) => {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  const pricing = usePricing();
  const { data: account } = useAccount();
  const [type, scanDepth, scanFrequency] = useWatch({ name: [`${prefix}type`, `${prefix}scanDepth`, `${prefix}scanFrequency`] }) as [
    DomainFormValues['type'],
    DomainFormValues['scanDepth'],
    DomainFormValues['scanFrequency'],
  ];

  if (pricing.isPending) {
    return (
      <Alert severity="info" role="status" sx={{ my: 2 }}>
        {translate('cs.price.loading')}
      </Alert>
    );
  }
  if (pricing.isError) {
    return (
      <Alert severity="warning" role="status" sx={{ my: 2 }}>
        {translate('cs.price.unavailable')}
      </Alert>
    );
  }
  const table = pricing.data;
  const preview = pricePreview(table, saved ?? null, { type, scanDepth, scanFrequency }, planOf(account?.subscription));
  if (preview === null) return null;
  const money = (cents: number, signed = false) => formatCents(cents, table.currency, locale, signed);
  const message = (() => {
    switch (preview.kind) {
      case 'not_charged':
        return translate('cs.price.not_charged');
      case 'adds':
        return translate('cs.price.adds', { amount: money(preview.monthlyCents, true) });
      case 'unchanged':
        return translate('cs.price.current', { amount: money(preview.monthlyCents) });
      case 'change':
        return translate('cs.price.change', { delta: money(preview.deltaCents, true), amount: money(preview.monthlyCents) });
    }
  })();
  return (
    <Alert severity={preview.kind === 'change' ? 'warning' : 'info'} role="status" aria-live="polite" sx={{ my: 2 }}>
      {message}
    </Alert>
  );
};
