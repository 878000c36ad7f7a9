import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../schemas/scanner';
import { renderInAdmin } from '../../test/renderInAdmin';
import { TriageInbox } from './TriageInbox';

const base: Finding = {
  id: 1,
  accountId: 1,
  consentSolutionId: 1,
  domainId: 10,
  scanId: 4,
  kind: 'new',
  name: '_ga',
  domain: '.shop.com',
  cookieId: null,
  suggestedCategory: 'statistics',
  expiryDays: 730,
  setBeforeConsent: true,
  changes: [],
  firstSeen: '2026-01-02T10:00:00.000Z',
  lastSeen: '2026-01-02T10:00:00.000Z',
  status: 'open',
  createdAt: '2026-01-02T10:00:00.000Z',
  resolvedAt: null,
};

describe('the triage inbox’s compliance findings', () => {
  it('[SCAN-4] shows the kind, the state, the storage and the pages of a finding without consent, and nothing more for a cookie-list finding', async () => {
    const findings: Finding[] = [
      base,
      {
        ...base,
        id: 2,
        kind: 'storage_without_consent',
        name: 'visited',
        domain: 'shop.com',
        suggestedCategory: 'unclassified',
        consentState: 'reject',
        storageKind: 'local_storage',
        pages: 3,
        vendor: null,
        firstSeenUrl: 'https://shop.com/',
      },
      {
        ...base,
        id: 3,
        kind: 'request_without_consent',
        name: 'connect.facebook.net',
        domain: 'facebook.net',
        suggestedCategory: 'marketing',
        consentState: 'gpc',
        storageKind: null,
        pages: 1,
        vendor: 'Facebook',
        firstSeenUrl: 'https://shop.com/',
      },
    ];
    renderInAdmin(<TriageInbox solutionId={1} />, { dataProvider: { getFindings: async () => findings } });
    const storage = (await screen.findByText('visited')).closest('tr') as HTMLElement;
    expect(within(storage).getByText('Storage without consent')).toBeTruthy();
    expect(within(storage).getByText('After “reject all” · localStorage · Pages: 3')).toBeTruthy();
    const request = screen.getByText('connect.facebook.net').closest('tr') as HTMLElement;
    expect(within(request).getByText('Third-party request without consent')).toBeTruthy();
    expect(within(request).getByText('With Global Privacy Control · Pages: 1')).toBeTruthy();
    const listed = screen.getByText('_ga').closest('tr') as HTMLElement;
    expect(listed.querySelector('[data-compliance-state]')).toBeNull();
  });
});
