import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import {
  DeleteWithConfirmButton,
  EditBase,
  Labeled,
  SaveButton,
  SimpleForm,
  TextField,
  Toolbar,
  useEditContext,
  useNotify,
  useRedirect,
  useTranslate,
  type Identifier,
} from 'react-admin';
import { RecordLoadState, STAY_ON_FAILED_READ } from '../../components/LoadError';
import { useParams } from 'react-router-dom';
import { LocalDateTime, LocalNumber } from '../../components/LocalDateTime';
import { domainUpdateSchema } from '../../schemas/domain';
import { detailPath } from '../../shared/consentSolutionPaths';
import { DomainInputs } from './DomainInputs';
import { DomainVerificationPanel } from './DomainVerificationPanel';
import { PricePreview } from './PricePreview';
import { toDomainUpdateBody, type DomainFormValues, type DomainRecord } from './domainModel';
import { schemaResolver } from '../../schemas/formResolver';
import { serverMessages } from './serverMessages';

const resolver = schemaResolver<DomainFormValues>(domainUpdateSchema);
const label = (field: string) => `resources.domains.fields.${field}`;

/** ENT-1: the read-only facts of a domain. */
const DomainFacts = ({ record }: { record: DomainRecord }) => {
  const translate = useTranslate();
  return (
    <Box component="section" aria-label={translate('cs.domains.facts')} sx={{ width: '100%', mb: 2 }}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Labeled label={label('createdAt')}>
            <LocalDateTime value={record.createdAt} />
          </Labeled>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Labeled label={label('createdBy')}>
            {/* DEPLOY-6: the API names no provider staff to a customer. */}
            <TextField record={record} source="createdBy" emptyText="deploy.provider" />
          </Labeled>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Labeled label={label('updatedAt')}>
            <LocalDateTime value={record.updatedAt} />
          </Labeled>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Labeled label={label('lastScanAt')}>
            {record.lastScanAt === null ? (
              <Typography variant="body2">{translate('cs.domains.never_scanned')}</Typography>
            ) : (
              <LocalDateTime value={record.lastScanAt} />
            )}
          </Labeled>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Labeled label={label('cookiesFound')}>
            <LocalNumber value={record.cookiesFound} />
          </Labeled>
        </Grid>
      </Grid>
    </Box>
  );
};

interface EditFormProps {
  consentSolutionId: Identifier;
  onDeleteRefused: (messages: string[]) => void;
}

const DomainEditForm = ({ consentSolutionId, onDeleteRefused }: EditFormProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const queryClient = useQueryClient();
  const { record, isPending, error, refetch } = useEditContext<DomainRecord>();
  if (isPending || error || !record)
    return (
      <RecordLoadState isPending={isPending} error={error} refetch={refetch}>
        {null}
      </RecordLoadState>
    );
  const domainsPath = detailPath(consentSolutionId, 'domains');
  return (
    <SimpleForm
      resolver={resolver}
      mode="onChange"
      reValidateMode="onChange"
      toolbar={
        <Toolbar sx={{ justifyContent: 'space-between' }}>
          <SaveButton />
          <DeleteWithConfirmButton
            mutationMode="pessimistic"
            confirmTitle="cs.domains.delete_title"
            titleTranslateOptions={{ domain: record.canonicalDomain }}
            confirmContent="cs.domains.delete_content"
            contentTranslateOptions={{ domain: record.canonicalDomain }}
            mutationOptions={{
              onSuccess: () => {
                void queryClient.invalidateQueries({ queryKey: ['consent-solutions'] });
                notify('cs.domains.deleted', { type: 'success' });
                redirect(domainsPath);
              },
              onError: (error: unknown) => {
                // ERR-1: the failure notice for deleting a domain; the dataProvider has already
                // toasted the server's own reason, which the page also keeps in view.
                notify('cs.domains.delete_failed', { type: 'error' });
                onDeleteRefused(serverMessages(error, translate));
              },
            }}
          />
        </Toolbar>
      }
    >
      <DomainFacts record={record} />
      <DomainVerificationPanel record={record} />
      <DomainInputs immutableIdentity withDefaultLanguage />
      <PricePreview saved={record} />
    </SimpleForm>
  );
};

/** ROUTE-16 `domains/:domainId/`: scanner settings and language; identity read-only; delete. */
export const DomainEditTab = ({ consentSolutionId }: { consentSolutionId: Identifier }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const queryClient = useQueryClient();
  const { domainId } = useParams<'domainId'>();
  const [refusal, setRefusal] = useState<string[]>([]);
  return (
    <section aria-labelledby="domain-edit-heading">
      <Typography id="domain-edit-heading" variant="h5" component="h2" gutterBottom>
        {translate('cs.domains.edit_title')}
      </Typography>
      {refusal.length > 0 ? (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setRefusal([])}>
          {refusal.map((message) => (
            <div key={message}>{message}</div>
          ))}
        </Alert>
      ) : null}
      <EditBase
        resource="domains"
        id={domainId}
        // Pessimistic: a refused change (e.g. a bad depth) must come back onto the field.
        mutationMode="pessimistic"
        transform={(values: DomainFormValues) => toDomainUpdateBody(values)}
        mutationOptions={{
          onSuccess: () => {
            void queryClient.invalidateQueries({ queryKey: ['consent-solutions'] });
            notify('cs.domains.updated', { type: 'success' });
            redirect(detailPath(consentSolutionId, 'domains'));
          },
        }}
        redirect={false}
        queryOptions={STAY_ON_FAILED_READ}
      >
        <DomainEditForm consentSolutionId={consentSolutionId} onDeleteRefused={setRefusal} />
      </EditBase>
    </section>
  );
};
