import type { CommandChannel } from './commandChannel';
import type { SessionRecording } from './sessionRecording';

/**
 * PROD-6: the recording vendor's script loads on `start()` (called once `statistics` is
 * consented) with a `start` command queued before it; `stop()` (consent withdrawn) tells the
 * vendor to stop and removes its script and global, so nothing more is recorded.
 */
export const createVendorSessionRecording = (siteId: string, channel: CommandChannel): SessionRecording => ({
  start: () => {
    if (channel.state() === 'loading' || channel.state() === 'ready') return;
    channel.send('start', { site_id: siteId });
    void channel.load();
  },
  stop: () => {
    if (channel.state() === 'idle') return;
    if (channel.state() === 'ready') channel.send('stop');
    channel.unload();
  },
});
