/** PROD-6: session recording starts only after the visitor consents to `statistics`. */
export interface SessionRecording {
  start(): void;
  stop(): void;
}

export const noopSessionRecording: SessionRecording = {
  start: () => {
    if (import.meta.env.DEV) console.debug('[session-recording] start (no site id configured)');
  },
  stop: () => {
    if (import.meta.env.DEV) console.debug('[session-recording] stop (no site id configured)');
  },
};

let current: SessionRecording = noopSessionRecording;

export const sessionRecording = (): SessionRecording => current;
export const setSessionRecording = (recording: SessionRecording): void => {
  current = recording;
};
