import { useMemo } from 'react';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { CreateBase, Loading, SimpleForm, useNotify, useRedirect, useTranslate, type Identifier } from 'react-admin';
import { domainCreateSchema } from '../../schemas/domain';
import { useAccount } from '../../hooks/useAccount';
import type { LanguageCode } from '../../shared/languages';
import { detailPath } from '../../shared/consentSolutionPaths';
import { DomainInputs } from './DomainInputs';
import { PricePreview } from './PricePreview';
import { domainCreateDefaults, scannerDefaultsFrom, toDomainCreateBody, type DomainFormValues } from './domainModel';
import { schemaResolver } from '../../schemas/formResolver';

const resolver = schemaResolver<DomainFormValues>(domainCreateSchema);

interface DomainCreateTabProps {
  /** The solution the domain joins: fixed, not a form field. */
  solution: { id: Identifier; defaultLanguage: LanguageCode };
}

/** ROUTE-16 `domains/create/`: a domain for this consent solution, priced before saving. */
export const DomainCreateTab = ({ solution }: DomainCreateTabProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const queryClient = useQueryClient();
  const { data: account, isLoading } = useAccount();
  const defaultDomainSettings = account?.subscription?.defaultDomainSettings;
  const defaultValues = useMemo(
    () => domainCreateDefaults(scannerDefaultsFrom(defaultDomainSettings), solution.defaultLanguage),
    [defaultDomainSettings, solution.defaultLanguage],
  );
  const domainsPath = detailPath(solution.id, 'domains');

  return (
    <section aria-labelledby="domain-create-heading">
      <Typography id="domain-create-heading" variant="h5" component="h2" gutterBottom>
        {translate('cs.domains.create_title')}
      </Typography>
      <CreateBase
        resource="domains"
        transform={(values: DomainFormValues) => toDomainCreateBody(solution.id, values)}
        mutationOptions={{
          onSuccess: () => {
            // The solution's `domains` summary changed on the server too (list chips, checklist).
            void queryClient.invalidateQueries({ queryKey: ['consent-solutions'] });
            notify('cs.domains.created', { type: 'success' });
            redirect(domainsPath);
          },
        }}
      >
        {isLoading ? (
          <Loading />
        ) : (
          <SimpleForm defaultValues={defaultValues} resolver={resolver} mode="onChange" reValidateMode="onChange">
            <DomainInputs withDefaultLanguage />
            <PricePreview />
          </SimpleForm>
        )}
      </CreateBase>
    </section>
  );
};
