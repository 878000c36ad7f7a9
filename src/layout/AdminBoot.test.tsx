import { useEffect, useLayoutEffect, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import AdminBoot, { KeepBootFrame } from './AdminBoot';

const notice = () => screen.queryByRole('region', { name: 'Cookies on this admin' });
/** The notice's element whether or not it is hidden. */
const noticeElement = () => screen.queryByRole('region', { name: 'Cookies on this admin', hidden: true });

afterEach(() => vi.useRealTimers());

/**
 * A screen of the admin that notes its commit, the end of the task that commits it (a microtask
 * queued then) and its passive effects: an update made during that commit (in React's sync lane)
 * runs them before the task ends.
 */
const probe = (seen: string[], name: string) => {
  const Probe = () => {
    useLayoutEffect(() => {
      seen.push(`${name} committed`);
      queueMicrotask(() => seen.push(`end of the task that committed ${name}`));
    }, []);
    useEffect(() => void seen.push(`${name}'s passive effects`), []);
    return null;
  };
  return Probe;
};

describe('AdminBoot', () => {
  it('[ST-2] [PERF-1] the loading frame stays while the admin holds it, and leaves when the admin shows a screen', async () => {
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

  it("[PERF-1] taking and releasing the frame updates nothing during a commit: the admin's passive effects run after the task that commits it", async () => {
    const seen: string[] = [];
    const Holding = probe(seen, 'the session check');
    const Screen = probe(seen, 'the list');
    // The admin moves on by itself, as after an answer: a test's rerender would commit inside act().
    const Admin = () => {
      const [checked, setChecked] = useState(false);
      useEffect(() => void setTimeout(() => setChecked(true), 20), []);
      return checked ? (
        <Screen />
      ) : (
        <>
          <Holding />
          <KeepBootFrame />
        </>
      );
    };
    render(
      <AdminBoot>
        <Admin />
      </AdminBoot>,
    );
    await waitFor(() => expect(seen).toContain("the list's passive effects"));
    await waitFor(() => expect(notice()).not.toBeInTheDocument());
    expect(seen).toEqual([
      'the session check committed',
      'end of the task that committed the session check',
      "the session check's passive effects",
      'the list committed',
      'end of the task that committed the list',
      "the list's passive effects",
    ]);
  });

  it('[ST-2] [PERF-1] an admin that holds nothing replaces the frame as soon as it commits', async () => {
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

  it('[ST-2] [PERF-1] starts the admin download once, after the first paint, and the frame leaves in two steps: hidden, then removed in a task of its own', async () => {
    vi.useFakeTimers();
    const load = vi.fn(() => Promise.resolve());
    render(
      <AdminBoot load={load}>
        <p>Signed-in screen</p>
      </AdminBoot>,
    );
    expect(load).not.toHaveBeenCalled();
    // The frame's paint (an animation frame), then the task after it.
    await act(async () => {
      vi.advanceTimersToNextFrame();
      await vi.advanceTimersToNextTimerAsync();
    });
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Signed-in screen')).toBeInTheDocument();
    // Out of sight and of the accessibility tree at once, still in the document.
    expect(notice()).not.toBeInTheDocument();
    expect(noticeElement()?.closest('[hidden]')).not.toBeNull();
    await act(async () => {
      await vi.runOnlyPendingTimersAsync();
    });
    expect(noticeElement()).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
