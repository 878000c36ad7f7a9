/** API-7: the attributes the chat widget receives about the user and their company. */
export interface ChatWidgetUser {
  email?: string;
  user_id?: string;
  name?: string;
  phone?: string;
  company?: { company_id?: string; name?: string; plan?: string };
}

/** The commands of the customer-messaging widget (API-7). */
export interface ChatWidget {
  boot(user?: ChatWidgetUser): void;
  update(user: ChatWidgetUser): void;
  shutdown(): void;
  show(): void;
  hide(): void;
  hideLauncher(hidden: boolean): void;
  trackEvent(name: string, metadata?: Record<string, unknown>): void;
}

const log = (command: string, ...args: unknown[]) => {
  if (import.meta.env.DEV) console.debug(`[chat-widget] ${command} (no app id configured)`, ...args);
};

/** The default when no vendor app id is configured: every command is a logged no-op. */
export const noopChatWidget: ChatWidget = {
  boot: (user) => log('boot', user),
  update: (user) => log('update', user),
  shutdown: () => log('shutdown'),
  show: () => log('show'),
  hide: () => log('hide'),
  hideLauncher: (hidden) => log('hideLauncher', hidden),
  trackEvent: (name, metadata) => log('trackEvent', name, metadata),
};

let current: ChatWidget = noopChatWidget;

export const chatWidget = (): ChatWidget => current;
export const setChatWidget = (widget: ChatWidget): void => {
  current = widget;
};
