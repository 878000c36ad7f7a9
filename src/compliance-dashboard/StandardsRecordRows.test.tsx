import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ConsentRecord } from '../schemas/consentRecord';
import { renderInAdmin } from '../test/renderInAdmin';
import { testDataProvider } from '../test/testShell';
import { StandardsRecordRows } from './StandardsRecordRows';

const record: ConsentRecord = {
  id: 'f3a1c2d4-0000-4000-8000-000000000001',
  consentSolutionId: 1,
  consentSolutionName: 'Main shop',
  anonymousId: 'a'.repeat(32),
  action: 'opt-out',
  categories: ['necessary', 'functional', 'statistics'],
  consentVersion: 1,
  decidedAt: '2026-11-01T10:00:00.000Z',
  receivedAt: '2026-11-01T10:00:01.000Z',
  domain: 'example.com',
  language: 'en',
  tcString: null,
  gpc: true,
  regionRule: 'opt-out US-CA',
  change: false,
  replaces: null,
  gppString: 'DBABBg~BUoAAACA.QA',
  gppSid: [8],
  acString: null,
};

const rows = (value: ConsentRecord) =>
  renderInAdmin(
    <Table aria-label="Proof">
      <TableBody>
        <StandardsRecordRows record={value} />
      </TableBody>
    </Table>,
    { dataProvider: testDataProvider() },
  );

describe('the standards in proof of consent', () => {
  it('[STD-13][STD-3][STD-4] shows the GPC signal, the rule, the GPP string and its sections; the strings a decision did not carry are left out', async () => {
    rows(record);
    const table = within(await screen.findByRole('table', { name: 'Proof' }));
    expect(table.getByRole('rowheader', { name: 'GPP string (IAB GPP)' })).toBeTruthy();
    expect(table.getByText('DBABBg~BUoAAACA.QA')).toBeTruthy();
    expect(table.getByRole('row', { name: /GPP sections in force\s*8/ })).toBeTruthy();
    expect(table.getByRole('row', { name: /Global Privacy Control signal\s*Yes/ })).toBeTruthy();
    expect(table.getByText('opt-out US-CA')).toBeTruthy();
    expect(table.queryByRole('rowheader', { name: 'TC string (IAB TCF)' })).toBeNull();
    expect(table.queryByRole('rowheader', { name: 'AC string (Google’s Additional Consent)' })).toBeNull();
  });
});
