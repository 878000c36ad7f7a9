import { coreMessages, messagesEn, type FeatureMessageKey } from '../schemas/messages';

/**
 * Messages of the admin's forms and of the API's rules, beyond the login route's core ones.
 * The English texts are the shared registry's (the dev API answers with the same); French is
 * written in formMessages.fr.ts, whose type fails the check when a key is added without one.
 */
export const formMessagesEn = Object.fromEntries(Object.entries(messagesEn).filter(([key]) => !Object.hasOwn(coreMessages, key))) as Record<
  FeatureMessageKey,
  string
>;
