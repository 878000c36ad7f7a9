import Box from '@mui/material/Box';
import { CreateBase, SimpleForm } from 'react-admin';
import { withProcessorFields, type SolutionSummary } from './cookieModel';
import { CookieFormHeading, CookieFormToolbar, CookieInputs, cookieResolver, useBackToCookieList } from './CookieInputs';

// A stable object: a new defaultValues on every render would make the form reset itself.
const CREATE_DEFAULTS = withProcessorFields({ category: 'unclassified', expiryDays: null });

/** ROUTE-18 `cookie-management/create/`. */
export const CookieCreate = ({ solution }: { solution: SolutionSummary }) => {
  const back = useBackToCookieList();
  return (
    <Box component="section">
      <CookieFormHeading textKey="cookies.create_title" />
      <CreateBase
        resource="cookies"
        redirect={false}
        mutationOptions={{ onSuccess: back }}
        transform={(data: Record<string, unknown>) => ({ ...data, consentSolutionId: solution.id })}
      >
        <SimpleForm resolver={cookieResolver} defaultValues={CREATE_DEFAULTS} toolbar={<CookieFormToolbar />}>
          <CookieInputs solution={solution} />
        </SimpleForm>
      </CreateBase>
    </Box>
  );
};
