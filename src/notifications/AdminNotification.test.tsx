import { useEffect } from 'react';
import { render, waitFor } from '@testing-library/react';
import { AdminContext, useNotify } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import AdminNotification from './AdminNotification';
import { ALREADY_NOTIFIED } from './alreadyNotified';
import { testI18nProvider } from '../test/testShell';

const showToast = vi.hoisted(() => vi.fn(async () => 'key'));
vi.mock('./toaster', () => ({ showToast, closeToast: vi.fn() }));

const Notifier = ({ messages }: { messages: string[] }) => {
  const notify = useNotify();
  useEffect(() => {
    for (const message of messages) notify(message, { type: 'info' });
  }, [messages, notify]);
  return null;
};

describe('AdminNotification', () => {
  it('[ST-5] forwards each react-admin notification to the toaster once, skipping ones httpClient showed', async () => {
    render(
      <AdminContext i18nProvider={testI18nProvider({ first: 'First notice', second: 'Second notice' })}>
        <Notifier messages={['first', ALREADY_NOTIFIED, 'second']} />
        <AdminNotification />
      </AdminContext>,
    );
    await waitFor(() => expect(showToast).toHaveBeenCalledTimes(2));
    expect(showToast.mock.calls.map((call: unknown[]) => call[0])).toEqual(['First notice', 'Second notice']);
    // Nothing more arrives later (the effect must not spin on the same notification).
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(showToast).toHaveBeenCalledTimes(2);
  });
});
