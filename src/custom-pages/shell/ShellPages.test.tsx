import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderShell } from '../../layout/testShell';
import { ComingSoon } from './ComingSoon';
import { ViewUnderDevelopment } from './ViewUnderDevelopment';

describe('shell pages', () => {
  it('[ROUTE-20] view under development links to the old dashboard', () => {
    renderShell(<ViewUnderDevelopment oldDashboardUrl="https://old.example.com/dashboard" />);
    expect(screen.getByRole('heading', { name: 'View under development' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the old dashboard' })).toHaveAttribute('href', 'https://old.example.com/dashboard');
  });

  it('[ROUTE-20] the old dashboard URL has a default', () => {
    renderShell(<ViewUnderDevelopment />);
    expect(screen.getByRole('link', { name: 'Open the old dashboard' }).getAttribute('href')).toMatch(/^https?:\/\//);
  });

  it('[ROUTE-21] a screen not built yet says it is coming', () => {
    renderShell(<ComingSoon titleKey="nav.teammates" />);
    expect(screen.getByRole('heading', { name: 'Teammates' })).toBeInTheDocument();
    expect(screen.getByText('Coming soon')).toBeInTheDocument();
    expect(screen.getByText(/not built yet/)).toBeInTheDocument();
  });
});
