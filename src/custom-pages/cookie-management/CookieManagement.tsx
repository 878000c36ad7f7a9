import { Route, Routes } from 'react-router-dom';
import { NotFound } from '../../components/NotFound';
import { CookieCreate, CookieEdit } from './CookieForms';
import { TriageInbox } from '../scanner/TriageInbox';
import { CookieList } from './CookieList';

export interface SolutionSummary {
  id: number | string;
  defaultLanguage: string;
  additionalLanguages: string[];
}

export const solutionLanguagesOf = (solution: SolutionSummary): string[] => [
  solution.defaultLanguage,
  ...solution.additionalLanguages.filter((language) => language !== solution.defaultLanguage),
];

/** ROUTE-18: `cookie-management/`, `cookie-management/create/`, `cookie-management/{cookieId}/`. */
export const CookieManagement = ({ solution }: { solution: SolutionSummary }) => (
  <Routes>
    <Route
      index
      element={
        <>
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
