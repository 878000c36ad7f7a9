import { useMemo } from 'react';
import Box from '@mui/material/Box';
import { EditBase, SimpleForm, useEditContext } from 'react-admin';
import { RecordLoadState, STAY_ON_FAILED_READ } from '../../components/LoadError';
import { useParams } from 'react-router-dom';
import type { Cookie } from '../../schemas/cookie';
import { withProcessorFields, type SolutionSummary } from './cookieModel';
import { CookieFormHeading, CookieFormToolbar, CookieInputs, cookieResolver, useBackToCookieList } from './CookieInputs';

const EditForm = ({ solution }: { solution: SolutionSummary }) => {
  const { record, isPending, error, refetch } = useEditContext<Cookie>();
  // A stable record: a new one on every render would make the form reset itself.
  const values = useMemo(() => (record ? withProcessorFields(record) : undefined), [record]);
  if (isPending || error || !values)
    return (
      <RecordLoadState isPending={isPending} error={error} refetch={refetch}>
        {null}
      </RecordLoadState>
    );
  return (
    <SimpleForm resolver={cookieResolver} record={values} toolbar={<CookieFormToolbar />}>
      <CookieInputs solution={solution} />
    </SimpleForm>
  );
};

/** ROUTE-18 `cookie-management/{cookieId}/`. */
export const CookieEdit = ({ solution }: { solution: SolutionSummary }) => {
  const { cookieId = '' } = useParams();
  const back = useBackToCookieList();
  return (
    <Box component="section">
      <CookieFormHeading textKey="cookies.edit_title" />
      <EditBase
        resource="cookies"
        id={cookieId}
        mutationMode="pessimistic"
        redirect={false}
        mutationOptions={{ onSuccess: back }}
        queryOptions={STAY_ON_FAILED_READ}
      >
        <EditForm solution={solution} />
      </EditBase>
    </Box>
  );
};
