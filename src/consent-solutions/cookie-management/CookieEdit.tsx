import { useMemo } from 'react';
import Box from '@mui/material/Box';
import { EditBase, Loading, SimpleForm, useEditContext } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { Cookie } from '../../schemas/cookie';
import { withProcessorFields, type SolutionSummary } from './cookieModel';
import { CookieFormHeading, CookieFormToolbar, CookieInputs, cookieResolver, useBackToCookieList } from './CookieInputs';

const EditForm = ({ solution }: { solution: SolutionSummary }) => {
  const { record, isPending } = useEditContext<Cookie>();
  // A stable record: a new one on every render would make the form reset itself.
  const values = useMemo(() => (record ? withProcessorFields(record) : undefined), [record]);
  if (isPending) return <Loading />;
  if (!values) return null;
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
      <EditBase resource="cookies" id={cookieId} mutationMode="pessimistic" redirect={false} mutationOptions={{ onSuccess: back }}>
        <EditForm solution={solution} />
      </EditBase>
    </Box>
  );
};
