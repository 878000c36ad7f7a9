import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderShell } from '../test/testShell';
import { PageLayout, type PageWidth } from './PageLayout';

describe('PageLayout', () => {
  it('[ROUTE-23] page layout has a header, three columns and the centre width variants', () => {
    const widths: Record<PageWidth, number> = { subscription: 960, table: 1600, form: 720, full: 1920 };
    for (const [width, px] of Object.entries(widths)) {
      const { container, unmount } = renderShell(
        <PageLayout width={width as PageWidth} header={<h1>Title</h1>} left={<p>Left</p>} right={<p>Right</p>}>
          <p>Centre</p>
        </PageLayout>,
      );
      expect(screen.getByRole('heading', { name: 'Title' })).toBeInTheDocument();
      expect(screen.getByText('Left').closest('[data-column]')).toHaveAttribute('data-column', 'left');
      expect(screen.getByText('Right').closest('[data-column]')).toHaveAttribute('data-column', 'right');
      expect(container.querySelector('[data-column="centre"]')).toHaveStyle({ maxWidth: `${px}px` });
      unmount();
    }
  });
});
