import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, type I18nProvider } from 'react-admin';
import { LanguageMenuButton } from './LanguageMenuButton';

const i18nProvider = (): I18nProvider => {
  let locale = 'en';
  return {
    translate: (key) => key,
    changeLocale: vi.fn(async (next: string) => {
      locale = next;
    }),
    getLocale: () => locale,
    getLocales: () => [
      { locale: 'en', name: 'English' },
      { locale: 'fr', name: 'Français' },
    ],
  };
};

describe('LanguageMenuButton', () => {
  it('[PROD-5] [PERF-1] shows the current language, lists the languages only while open, and switches', async () => {
    const provider = i18nProvider();
    render(
      <AdminContext i18nProvider={provider}>
        <LanguageMenuButton />
      </AdminContext>,
    );
    const button = await screen.findByRole('button', { name: 'English' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    // Nothing of the menu is rendered while it is closed.
    expect(screen.queryByRole('menu', { hidden: true })).toBeNull();

    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menu')).toHaveAttribute('id', button.getAttribute('aria-controls'));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Français' }));

    await screen.findByRole('button', { name: 'Français' });
    expect(provider.changeLocale).toHaveBeenCalledWith('fr');
    await waitFor(() => expect(screen.queryByRole('menu', { hidden: true })).toBeNull());
  });
});
