import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showToast } from '../notifications/toaster';
import { clearSessionCookie, sessionToken, setSessionCookie } from '../test/sessionCookie';
import { LoginPage } from './LoginPage';

vi.mock('../notifications/toaster', () => ({ showToast: vi.fn(async () => 'key'), closeToast: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  vi.mocked(showToast).mockClear();
  window.history.replaceState(null, '', '/login/');
  window.sessionStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearSessionCookie();
});

const email = () => screen.getByLabelText('Email', { selector: 'input' });
const password = () => screen.getByLabelText('Password', { selector: 'input' });
const submit = () => screen.getByRole('button', { name: 'Log in' });

describe('LoginPage', () => {
  it('[VAL-1] login shows Email is required and Password is required', async () => {
    const user = userEvent.setup();
    render(<LoginPage />);
    await user.click(submit());
    expect(await screen.findByText('Email is required.')).toBeInTheDocument();
    expect(screen.getByText('Password is required.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('[ROUTE-1] has a show/hide password toggle, a forgot-password link and a sign-up link', async () => {
    const user = userEvent.setup();
    render(<LoginPage />);
    expect(password()).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password()).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', expect.stringMatching(/^https?:\/\//));
    await user.click(screen.getByRole('link', { name: 'Forgot your password?' }));
    expect(window.location.pathname).toBe('/recovery-email/');
  });

  it('[ERR-2] invalid credentials show the translated violation, and stay on login', async () => {
    fetchMock.mockResolvedValue(
      json(401, { violations: [{ propertyPath: '', message: 'Invalid credentials.', payload: { messageKey: 'error.backend.invalid_credentials' } }] }),
    );
    const user = userEvent.setup();
    render(<LoginPage />);
    await user.type(email(), 'owner@example.com');
    await user.type(password(), 'wrong');
    await user.click(submit());
    await waitFor(() => expect(vi.mocked(showToast)).toHaveBeenCalledWith('Invalid credentials.', expect.objectContaining({ variant: 'error' })));
    expect(window.location.pathname).toBe('/login/');
  });

  it('[ROLE-2] a successful login posts JSON and returns to the remembered page', async () => {
    window.sessionStorage.setItem('auth.returnPath', '/teammates/');
    fetchMock.mockImplementation(async () => {
      setSessionCookie(sessionToken());
      return json(200, { token_set: true, user: { id: 1, email: 'owner@example.com', roles: ['ROLE_USER'], account_id: 7 } });
    });
    const onLoggedIn = vi.fn();
    const user = userEvent.setup();
    render(<LoginPage onLoggedIn={onLoggedIn} />);
    await user.type(email(), 'owner@example.com');
    await user.type(password(), 'Secret12345');
    await user.click(submit());
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith('/teammates/'));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toMatch(/\/login_check$/);
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'owner@example.com', password: 'Secret12345' });
  });
});
