import { render, screen, waitFor } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setActingAccount } from '../session/actingAccount';
import { testDataProvider } from '../test/testShell';
import { useAccount } from './useAccount';

vi.mock('../session/sessionState', async (importOriginal) => {
  const session = { account_id: 1 };
  return { ...(await importOriginal<object>()), getSession: () => session, subscribe: () => () => undefined };
});

const Probe = ({ home }: { home?: boolean }) => {
  const { accountId, data } = useAccount({ home });
  return <p>{`${String(accountId)}:${(data as { name?: string } | undefined)?.name ?? 'pending'}`}</p>;
};

const renderProbe = (home?: boolean) => {
  const getAccount = vi.fn(async (id: number) => ({ id, name: `Account ${id}` }));
  render(
    <AdminContext dataProvider={testDataProvider({ getAccount })}>
      <Probe home={home} />
    </AdminContext>,
  );
  return getAccount;
};

afterEach(() => setActingAccount(null));

describe('useAccount', () => {
  it('[ST-3] loads the signed-in user’s account', async () => {
    const getAccount = renderProbe();
    expect(await screen.findByText('1:Account 1')).toBeInTheDocument();
    expect(getAccount).toHaveBeenCalledWith(1);
  });

  it('[ROLE-1] follows the account an admin or agency acts on; `home` keeps the user’s own', async () => {
    setActingAccount({ id: 5, name: 'Client Bakery' });
    const getAccount = renderProbe();
    expect(await screen.findByText('5:Account 5')).toBeInTheDocument();
    renderProbe(true);
    expect(await screen.findByText('1:Account 1')).toBeInTheDocument();
    await waitFor(() => expect(getAccount).toHaveBeenCalledWith(5));
  });
});
