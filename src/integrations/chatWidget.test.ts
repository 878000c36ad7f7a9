import { describe, expect, it, vi } from 'vitest';
import { chatWidget, noopChatWidget, setChatWidget } from './chatWidget';
import { createVendorChatWidget } from './chatWidgetVendor';
import type { ChannelState, CommandChannel } from './commandChannel';

/** A channel that records what it was sent; `ready` once loaded. */
const recordingChannel = () => {
  const sent: unknown[][] = [];
  let state: ChannelState = 'idle';
  const channel: CommandChannel = {
    send: (...args) => {
      sent.push(args);
    },
    load: vi.fn(() => {
      state = 'ready';
      return Promise.resolve();
    }),
    unload: vi.fn(() => {
      state = 'idle';
      sent.length = 0;
    }),
    state: () => state,
  };
  return { channel, sent };
};

describe('chat widget', () => {
  it('[PROD-6] unset app id: the default adapter is a no-op for every command', () => {
    setChatWidget(noopChatWidget);
    expect(chatWidget()).toBe(noopChatWidget);
    expect(() => {
      const widget = chatWidget();
      widget.boot({ email: 'a@b.test' });
      widget.update({ name: 'A' });
      widget.show();
      widget.hide();
      widget.hideLauncher(true);
      widget.trackEvent('x');
      widget.shutdown();
    }).not.toThrow();
  });

  it('[API-7] sends boot with the app id and the user and company attributes, and the other commands', () => {
    const { channel, sent } = recordingChannel();
    const widget = createVendorChatWidget('app-1', channel);
    widget.boot({ email: 'o@demo.test', user_id: '1', name: 'Olivia', phone: '+33 1', company: { company_id: '7', plan: 'trial' } });
    widget.update({ company: { company_id: '7', plan: 'agency' } });
    widget.show();
    widget.hide();
    widget.hideLauncher(true);
    widget.trackEvent('opened', { from: 'menu' });
    expect(sent).toEqual([
      ['boot', { app_id: 'app-1', email: 'o@demo.test', user_id: '1', name: 'Olivia', phone: '+33 1', company: { company_id: '7', plan: 'trial' } }],
      ['update', { company: { company_id: '7', plan: 'agency' } }],
      ['show'],
      ['hide'],
      ['update', { hide_default_launcher: true }],
      ['trackEvent', 'opened', { from: 'menu' }],
    ]);
    expect(channel.load).not.toHaveBeenCalled();
  });

  it('[ST-4] shut down and rebooted: an anonymous boot, then another user after a shutdown', () => {
    const { channel, sent } = recordingChannel();
    const widget = createVendorChatWidget('app-1', channel);
    widget.boot({ email: 'o@demo.test', user_id: '1' });
    widget.boot({ email: 'o@demo.test', user_id: '1' });
    widget.shutdown();
    widget.boot();
    widget.boot({ email: 'x@demo.test', user_id: '2' });
    expect(sent.map(([command]) => command)).toEqual(['boot', 'update', 'shutdown', 'boot', 'shutdown', 'boot']);
    expect(sent[3]).toEqual(['boot', { app_id: 'app-1' }]);
  });

  it('[PROD-6] loads with functional consent; withdrawn, it shuts down and waits to boot again', () => {
    const { channel, sent } = recordingChannel();
    const widget = createVendorChatWidget('app-1', channel);
    widget.boot({ user_id: '1' });
    widget.setAllowed(true);
    expect(channel.load).toHaveBeenCalledTimes(1);
    widget.setAllowed(false);
    expect(channel.unload).toHaveBeenCalled();
    expect(sent).toEqual([['boot', { app_id: 'app-1', user_id: '1' }]]);
  });
});
