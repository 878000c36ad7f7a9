import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showToast } from '../notifications/toaster';
import { NewPasswordPage } from './NewPasswordPage';

vi.mock('../notifications/toaster', () => ({ showToast: vi.fn(async () => 'key'), closeToast: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const renderPage = () => render(<NewPasswordPage passwordToken="tok123" csrfToken="csrf456" />);
const ruleStates = async () => {
  const items = await screen.findAllByRole('listitem');
  return Object.fromEntries(items.map((item) => [item.getAttribute('data-rule'), item.getAttribute('data-state')]));
};
const passwordInput = () => screen.getByLabelText('New password', { selector: 'input' });
const submit = () => screen.getByRole('button', { name: 'Save password' });

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  vi.mocked(showToast).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('NewPasswordPage', () => {
  it('[VAL-2] checklist shows all four rules unmet before input', async () => {
    renderPage();
    expect(await ruleStates()).toEqual({ length: 'unmet', lowercase: 'unmet', uppercase: 'unmet', numeric: 'unmet' });
    expect(screen.getByText('At least 10 characters')).toBeInTheDocument();
  });

  it('[VAL-2] checklist updates on every change after typing', async () => {
    const user = userEvent.setup();
    renderPage();
    await ruleStates();
    await user.type(passwordInput(), 'a');
    expect(await ruleStates()).toEqual({ length: 'unmet', lowercase: 'met', uppercase: 'unmet', numeric: 'unmet' });
    await user.type(passwordInput(), 'B1');
    expect(await ruleStates()).toEqual({ length: 'unmet', lowercase: 'met', uppercase: 'met', numeric: 'met' });
    await user.type(passwordInput(), 'cdefghij');
    expect(await ruleStates()).toEqual({ length: 'met', lowercase: 'met', uppercase: 'met', numeric: 'met' });
    await user.clear(passwordInput());
    expect(await ruleStates()).toEqual({ length: 'unmet', lowercase: 'unmet', uppercase: 'unmet', numeric: 'unmet' });
  });

  it('[VAL-2] checklist shows unmet rules in the error colour after a failed submit', async () => {
    const user = userEvent.setup();
    renderPage();
    await ruleStates();
    await user.type(passwordInput(), 'abcdefghijk');
    await user.click(submit());
    await waitFor(async () => expect(await ruleStates()).toEqual({ length: 'met', lowercase: 'met', uppercase: 'unmet-error', numeric: 'unmet-error' }));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('[VAL-2] an empty submit says Password is required', async () => {
    const user = userEvent.setup();
    renderPage();
    await ruleStates();
    await user.click(submit());
    expect(await screen.findByText('Password is required.')).toBeInTheDocument();
  });

  it('[API-4] sends the password twice with the csrf token, then confirms an activation', async () => {
    fetchMock.mockResolvedValue(json(200, { passwordCreated: true }));
    const user = userEvent.setup();
    renderPage();
    await ruleStates();
    await user.type(passwordInput(), 'Abcdefghij1');
    await user.click(submit());
    expect(await screen.findByText('Your account is activated')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toMatch(/\/lost-password\/reset\/tok123$/);
    const form = init?.body as FormData;
    expect(form.get('fos_user_resetting_form[plainPassword][first]')).toBe('Abcdefghij1');
    expect(form.get('fos_user_resetting_form[plainPassword][second]')).toBe('Abcdefghij1');
    expect(form.get('fos_user_resetting_form[_token]')).toBe('csrf456');
    await user.click(screen.getByRole('button', { name: 'Continue to login' }));
    expect(window.location.pathname).toBe('/login/');
  });

  it('[ROUTE-3] a reset (passwordCreated false) has its own confirmation text', async () => {
    fetchMock.mockResolvedValue(json(200, { passwordCreated: false }));
    const user = userEvent.setup();
    renderPage();
    await ruleStates();
    await user.type(passwordInput(), 'Abcdefghij1');
    await user.click(submit());
    expect(await screen.findByText('Your password has been changed')).toBeInTheDocument();
    expect(screen.queryByText('Your account is activated')).not.toBeInTheDocument();
  });

  it('[ERR-3] a failure without violations shows the default new-password notice', async () => {
    fetchMock.mockResolvedValue(json(500, {}));
    const user = userEvent.setup();
    renderPage();
    await ruleStates();
    await user.type(passwordInput(), 'Abcdefghij1');
    await user.click(submit());
    await waitFor(() =>
      expect(vi.mocked(showToast)).toHaveBeenCalledWith('Your password could not be saved. Please try again or request a new link.', expect.anything()),
    );
  });
});
