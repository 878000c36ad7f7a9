import { Route, Routes } from 'react-router-dom';
import { NotFound } from '../../components/NotFound';
import { SolutionScans } from './SolutionScans';
import { TriageInbox } from './TriageInbox';
import { CookieCreate } from './CookieCreate';
import { CookieEdit } from './CookieEdit';
import { CookieList } from './CookieList';
import type { SolutionSummary } from './cookieModel';

/** ROUTE-18: `cookie-management/`, `cookie-management/create/`, `cookie-management/{cookieId}/`. */
export const CookieManagement = ({ solution }: { solution: SolutionSummary }) => (
  <Routes>
    <Route
      index
      element={
        <>
          <SolutionScans solutionId={solution.id} />
          <TriageInbox solutionId={solution.id} />
          <CookieList solution={solution} />
        </>
      }
    />
    <Route path="create" element={<CookieCreate solution={solution} />} />
    <Route path=":cookieId" element={<CookieEdit solution={solution} />} />
    <Route path="*" element={<NotFound />} />
  </Routes>
);
