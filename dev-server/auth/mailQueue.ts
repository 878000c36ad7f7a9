/**
 * SEC-7: email work (issuing a token, writing the message) runs after the answer has left, one
 * job at a time. A route that may or may not send an email (password recovery) then does the
 * same work on the request path either way: it only queues a job.
 */
export interface MailQueue {
  enqueue(job: () => void): void;
  /** Resolves once every job queued so far has run (tests, shutdown). */
  idle(): Promise<void>;
}

export const createMailQueue = (): MailQueue => {
  let tail: Promise<void> = Promise.resolve();
  return {
    enqueue: (job) => {
      tail = tail.then(
        () =>
          new Promise<void>((resolve) => {
            setImmediate(() => {
              try {
                job();
              } catch (error) {
                // A failed email must not take the server down; the user can ask again.
                console.error('[dev-api] email job failed', error);
              }
              resolve();
            });
          }),
      );
    },
    idle: () => tail,
  };
};
