import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderShell } from '../test/testShell';
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
});
