import { useMemo } from 'react';
import Typography from '@mui/material/Typography';
import { AccessDenied, Create, Loading, SimpleForm, useCanAccess, useLocaleState, useNotify, useRedirect, useTranslate } from 'react-admin';
import { PageLayout } from '../components/PageLayout';
import { useAccount } from '../hooks/useAccount';
import { isLanguageCode } from '../shared/languages';
import { DomainInputs } from './domains/DomainInputs';
import { AdditionalLanguagesInput, DefaultLanguageInput } from './domains/LanguageInputs';
import { PricePreview } from './domains/PricePreview';
import { scannerDefaultsFrom } from './domains/domainModel';
import { LIST_PATH, detailPath } from '../shared/consentSolutionPaths';
import {
  consentSolutionCreateResolver,
  createFormDefaults,
  toCreateBody,
  type ConsentSolution,
  type ConsentSolutionCreateFormValues,
} from './consentSolutionModel';

const label = (field: string) => `resources.consent-solutions.fields.${field}`;

/**
 * The form itself, mounted once the account is known: react-hook-form reads default values
 * once, and the scanner defaults come from the account (else 500 pages, weekly).
 */
const CreateForm = ({ defaultDomainSettings }: { defaultDomainSettings: unknown }) => {
  const [locale = 'en'] = useLocaleState();
  const defaultValues = useMemo(
    () => createFormDefaults(scannerDefaultsFrom(defaultDomainSettings), isLanguageCode(locale) ? locale : 'en'),
    [defaultDomainSettings, locale],
  );
  return (
    <SimpleForm
      defaultValues={defaultValues}
      resolver={consentSolutionCreateResolver}
      // VAL-1: the canonical check runs as the user types, not only on submit.
      mode="onChange"
      reValidateMode="onChange"
    >
      <DomainInputs prefix="domain." />
      <DefaultLanguageInput source="defaultLanguage" label={label('defaultLanguage')} helperText="cs.create.default_language_help" />
      <AdditionalLanguagesInput source="additionalLanguages" label={label('additionalLanguages')} />
      <PricePreview prefix="domain." />
    </SimpleForm>
  );
};

/** ROUTE-11: a new consent solution with its first domain; lands on the new solution's detail. */
export const ConsentSolutionCreate = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const { data: account, isLoading } = useAccount();
  // ROLE-3: nothing of the form renders until access is known, so a read-only user never sees
  // it flash before Access denied.
  const access = useCanAccess({ resource: 'consent-solutions', action: 'create' });
  if (access.isPending) return <Loading />;
  if (!access.canAccess) return <AccessDenied />;
  return (
    <PageLayout
      width="form"
      header={
        <Typography variant="h4" component="h1">
          {translate('cs.create.title')}
        </Typography>
      }
    >
      <Create
        resource="consent-solutions"
        title="cs.create.title"
        transform={(values: ConsentSolutionCreateFormValues) => toCreateBody(values)}
        mutationOptions={{
          // Says what now exists (react-admin's default is "Element created"), then opens it.
          onSuccess: (created: ConsentSolution) => {
            notify('cs.create.created', {
              type: 'success',
              messageArgs: { name: created.name, domain: created.domains[0]?.canonicalDomain ?? created.name },
            });
            redirect(created.id === undefined ? LIST_PATH : detailPath(created.id));
          },
        }}
      >
        {isLoading ? <Loading /> : <CreateForm defaultDomainSettings={account?.subscription?.defaultDomainSettings} />}
      </Create>
    </PageLayout>
  );
};
