import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import AdminBoot, { KeepBootFrame } from './AdminBoot';

const notice = () => screen.queryByRole('region', { name: 'Cookies on this admin' });

describe('AdminBoot', () => {
  it('[issue 18] the loading frame stays while the admin holds it, and leaves when the admin shows a screen', async () => {
    const { rerender } = render(
      <AdminBoot>
        <KeepBootFrame />
      </AdminBoot>,
    );
    expect(notice()).toBeInTheDocument();
    // The admin mounts once the frame is painted; holding, it leaves the frame in place.
    await new Promise((painted) => setTimeout(painted, 100));
    expect(notice()).toBeInTheDocument();

    rerender(
      <AdminBoot>
        <p>The admin&apos;s screen</p>
      </AdminBoot>,
    );
    expect(await screen.findByText("The admin's screen")).toBeInTheDocument();
    expect(notice()).not.toBeInTheDocument();
  });

  it('[issue 18] an admin that holds nothing replaces the frame as soon as it commits', async () => {
    render(
      <AdminBoot>
        <p>Signed-in screen</p>
      </AdminBoot>,
    );
    expect(notice()).toBeInTheDocument();
    expect(screen.queryByText('Signed-in screen')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Signed-in screen')).toBeInTheDocument());
    expect(notice()).not.toBeInTheDocument();
  });
});
