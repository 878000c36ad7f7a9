/**
 * The bench's anchor (docs/performance.md): a stock react-admin app as its documentation sets one
 * up, over the same API and rows as ours. Only what the bench needs is added: the session cookies
 * (credentials) on every call, and no telemetry call to react-admin's server (the bench contacts
 * no real domain; ours disables it too).
 */
import '@fontsource/roboto/300.css';
import '@fontsource/roboto/400.css';
import '@fontsource/roboto/500.css';
import '@fontsource/roboto/700.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Admin, DataTable, List, Resource, fetchUtils } from 'react-admin';
import jsonServerProvider from 'ra-data-json-server';

const httpClient = (url: string, options: fetchUtils.Options = {}) => fetchUtils.fetchJson(url, { ...options, credentials: 'include' });
const dataProvider = jsonServerProvider(import.meta.env.VITE_API_URL, httpClient);

const ConsentSolutionList = () => (
  <List sort={{ field: 'name', order: 'ASC' }} perPage={25}>
    <DataTable bulkActionButtons={false}>
      <DataTable.Col source="name" />
      <DataTable.Col source="defaultLanguage" />
      <DataTable.Col source="updatedAt" />
    </DataTable>
  </List>
);

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <Admin dataProvider={dataProvider} disableTelemetry>
      <Resource name="consent-solutions" list={ConsentSolutionList} />
    </Admin>
  </StrictMode>,
);
