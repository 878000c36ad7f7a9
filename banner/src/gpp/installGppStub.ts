/**
 * STD-13: the GPP stub the CMP API v1.1 asks for before any other script: `__gpp` answers the
 * generic commands at once (`ping`, `addEventListener`, `removeEventListener`; `hasSection`,
 * `getSection`, `getField` with null while loading), queues the others in call order, and
 * answers frames through the `__gppLocator` frame and postMessage. The IAB's CmpApi
 * (@iabgpp/cmpapi) takes the queue over by calling `__gpp()` and the listeners by
 * `__gpp('events')`. Installs nothing where a `__gpp` exists. Written as the spec's text says;
 * no code of its example.
 */

type Callback = (data: unknown, success: boolean) => void;
interface Listener {
  id: number;
  callback: Callback;
  parameter: unknown;
}
type Gpp = (...args: unknown[]) => unknown;

const LOCATOR = '__gppLocator';

const stubPing = () => ({
  gppVersion: '1.1',
  cmpStatus: 'stub',
  cmpDisplayStatus: 'hidden',
  signalStatus: 'not ready',
  supportedAPIs: [] as string[],
  cmpId: 0,
  sectionList: [] as number[],
  applicableSections: [-1],
  gppString: '',
  parsedSections: {},
});

const addLocator = (): void => {
  if (window.frames[LOCATOR as unknown as number]) return;
  if (!document.body) {
    window.setTimeout(addLocator, 5);
    return;
  }
  const frame = document.createElement('iframe');
  frame.style.cssText = 'display:none';
  frame.name = LOCATOR;
  frame.title = LOCATOR;
  document.body.appendChild(frame);
};

export const installGppStub = (): void => {
  const page = window as unknown as { __gpp?: Gpp };
  if (typeof page.__gpp === 'function') return;
  const queue: unknown[][] = [];
  const listeners: Listener[] = [];
  let lastId = 0;
  page.__gpp = function (...args: unknown[]): unknown {
    if (args.length === 0) return queue;
    const [command, callback, parameter] = args;
    if (command === 'events') return listeners;
    const answer = typeof callback === 'function' ? (callback as Callback) : () => undefined;
    if (command === 'ping') answer(stubPing(), true);
    else if (command === 'addEventListener') {
      lastId += 1;
      listeners.push({ id: lastId, callback: answer, parameter });
      answer({ eventName: 'listenerRegistered', listenerId: lastId, data: true, pingData: stubPing() }, true);
    } else if (command === 'removeEventListener') {
      const index = listeners.findIndex((listener) => listener.id === parameter);
      if (index >= 0) listeners.splice(index, 1);
      answer({ eventName: 'listenerRemoved', listenerId: parameter, data: index >= 0, pingData: stubPing() }, true);
    } else if (command === 'hasSection' || command === 'getSection' || command === 'getField') answer(null, true);
    else queue.push(args);
    return undefined;
  };
  window.addEventListener('message', (event: MessageEvent) => {
    let message: unknown = event.data;
    try {
      if (typeof message === 'string') message = JSON.parse(message);
    } catch {
      return;
    }
    const call = typeof message === 'object' && message !== null ? (message as { __gppCall?: Record<string, unknown> }).__gppCall : undefined;
    if (!call || !event.source) return;
    const source = event.source as Window;
    const asString = typeof event.data === 'string';
    page.__gpp?.(
      call.command,
      (returnValue: unknown, success: boolean) => {
        const answer = { __gppReturn: { returnValue, success, callId: call.callId } };
        source.postMessage(asString ? JSON.stringify(answer) : answer, '*');
      },
      'parameter' in call ? call.parameter : null,
      'version' in call ? call.version : '1.1',
    );
  });
  addLocator();
};
