import { describe, expect, it, vi } from 'vitest';
import type { ChannelState, CommandChannel } from './commandChannel';
import { noopSessionRecording, sessionRecording } from './sessionRecording';
import { createVendorSessionRecording } from './sessionRecordingVendor';

describe('session recording', () => {
  it('[PROD-6] unset site id: the default adapter is a no-op', () => {
    expect(sessionRecording()).toBe(noopSessionRecording);
    expect(() => {
      noopSessionRecording.start();
      noopSessionRecording.stop();
    }).not.toThrow();
  });

  it('[PROD-6] start queues the start command and loads the script once; stop tells the vendor and unloads', () => {
    const sent: unknown[][] = [];
    let state: ChannelState = 'idle';
    const channel: CommandChannel = {
      send: (...args) => {
        sent.push(args);
      },
      load: vi.fn(() => {
        state = 'loading';
        return Promise.resolve();
      }),
      unload: vi.fn(() => {
        state = 'idle';
      }),
      state: () => state,
    };
    const recording = createVendorSessionRecording('site-9', channel);
    recording.stop();
    expect(channel.unload).not.toHaveBeenCalled();
    recording.start();
    recording.start();
    expect(sent).toEqual([['start', { site_id: 'site-9' }]]);
    expect(channel.load).toHaveBeenCalledTimes(1);
    state = 'ready';
    recording.stop();
    expect(sent.at(-1)).toEqual(['stop']);
    expect(channel.unload).toHaveBeenCalledTimes(1);
  });
});
