import type { ChatWidget, ChatWidgetUser } from './chatWidget';
import type { CommandChannel } from './commandChannel';

/** API-7 attributes only, without the unknown ones (vendors store an explicit `undefined` as empty). */
const attributes = (user: ChatWidgetUser | undefined): Record<string, unknown> => {
  if (user === undefined) return {};
  const { company, ...person } = user;
  const entries = Object.entries(person).filter(([, value]) => value !== undefined);
  const companyEntries = company === undefined ? [] : Object.entries(company).filter(([, value]) => value !== undefined);
  return Object.fromEntries(companyEntries.length > 0 ? [...entries, ['company', Object.fromEntries(companyEntries)]] : entries);
};

/** A chat widget that can be switched off and on again by the visitor's consent. */
interface ConsentedChatWidget extends ChatWidget {
  /** `functional` consent given (loads the vendor script) or withdrawn (shuts it down, removes it). */
  setAllowed(allowed: boolean): void;
}

/**
 * API-7: the chat widget's commands sent to the vendor's command function. Until the vendor
 * script has loaded (with consent), commands wait in the channel. Booting another user first
 * shuts the previous one down, as customer-messaging vendors require.
 */
export const createVendorChatWidget = (appId: string, channel: CommandChannel): ConsentedChatWidget => {
  let booted: ChatWidgetUser | undefined;
  let isBooted = false;
  let launcherHidden: boolean | undefined;

  const boot = (user?: ChatWidgetUser) => {
    if (isBooted) {
      if (user?.user_id !== undefined && user.user_id === booted?.user_id) {
        channel.send('update', attributes(user));
        booted = { ...booted, ...user };
        return;
      }
      channel.send('shutdown');
    }
    isBooted = true;
    booted = user;
    channel.send('boot', { app_id: appId, ...attributes(user), ...(launcherHidden === undefined ? {} : { hide_default_launcher: launcherHidden }) });
  };

  return {
    boot,
    update: (user) => {
      booted = { ...booted, ...user, company: { ...booted?.company, ...user.company } };
      channel.send('update', attributes(user));
    },
    shutdown: () => {
      // The next boot is someone else (or an anonymous visitor): the plan's launcher choice goes too.
      isBooted = false;
      booted = undefined;
      launcherHidden = undefined;
      channel.send('shutdown');
    },
    show: () => channel.send('show'),
    hide: () => channel.send('hide'),
    hideLauncher: (hidden) => {
      launcherHidden = hidden;
      channel.send('update', { hide_default_launcher: hidden });
    },
    trackEvent: (name, metadata) => channel.send('trackEvent', name, ...(metadata === undefined ? [] : [metadata])),
    setAllowed: (allowed) => {
      if (allowed) {
        void channel.load();
        return;
      }
      if (channel.state() === 'idle') return;
      if (channel.state() === 'ready') channel.send('shutdown');
      channel.unload();
      // With consent again, the widget comes back as it was: re-queue the last boot.
      if (isBooted) {
        isBooted = false;
        boot(booted);
      }
    },
  };
};
