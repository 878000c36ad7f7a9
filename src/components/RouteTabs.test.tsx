import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { RouteTabs } from './RouteTabs';

const TABS = [
  { value: 'installation', label: 'Installation', to: '/cs/1/installation/' },
  { value: 'domains', label: 'Domains', to: '/cs/1/domains/' },
  { value: 'settings', label: 'Settings', to: '/cs/1/settings/' },
];

const renderTabs = (current: string | false) =>
  render(
    <MemoryRouter>
      <RouteTabs tabs={TABS} current={current} label="Consent solution sections" />
    </MemoryRouter>,
  );

describe('RouteTabs', () => {
  it('[ROUTE-12] a tablist of links, one per URL, the current one selected and the only tab stop', () => {
    renderTabs('domains');
    const list = screen.getByRole('tablist', { name: 'Consent solution sections' });
    const tabs = screen.getAllByRole('tab');
    expect(list).toContainElement(tabs[0]!);
    expect(tabs.map((tab) => [tab.textContent, tab.getAttribute('href'), tab.getAttribute('aria-selected'), tab.tabIndex])).toEqual([
      ['Installation', '/cs/1/installation/', 'false', -1],
      ['Domains', '/cs/1/domains/', 'true', 0],
      ['Settings', '/cs/1/settings/', 'false', -1],
    ]);
  });

  it('[ROUTE-12] the arrow keys move between the tabs, wrapping; Home and End go to the ends', () => {
    renderTabs('installation');
    const [first, second, third] = screen.getAllByRole('tab');
    first!.focus();
    fireEvent.keyDown(first!, { key: 'ArrowRight' });
    expect(second).toHaveFocus();
    fireEvent.keyDown(second!, { key: 'End' });
    expect(third).toHaveFocus();
    fireEvent.keyDown(third!, { key: 'ArrowRight' });
    expect(first).toHaveFocus();
    fireEvent.keyDown(first!, { key: 'ArrowLeft' });
    expect(third).toHaveFocus();
    fireEvent.keyDown(third!, { key: 'Home' });
    expect(first).toHaveFocus();
  });

  it('[ROUTE-12] with no current tab the first one is the tab stop and none is selected', () => {
    renderTabs(false);
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([0, -1, -1]);
    expect(tabs.every((tab) => tab.getAttribute('aria-selected') === 'false')).toBe(true);
  });
});
