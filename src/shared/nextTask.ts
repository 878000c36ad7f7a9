/** Resolves in a task of its own, once the running one (and its microtasks) has ended. */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
