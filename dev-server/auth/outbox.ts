import { existsSync } from 'node:fs';
import { readJsonFile, writeJsonAtomic } from '../store/jsonFile';

export interface OutboxEmail {
  id: number;
  to: string;
  subject: string;
  text: string;
  link: string;
  sentAt: string;
}

/** The dev "mail server": a JSON array file, newest last, read by GET /dev/outbox and tests. */
export interface Outbox {
  readonly file: string;
  list(): OutboxEmail[];
  send(email: Omit<OutboxEmail, 'id'>): OutboxEmail;
}

export const openOutbox = (file: string): Outbox => {
  const list = (): OutboxEmail[] => {
    if (!existsSync(file)) return [];
    const value = readJsonFile(file);
    return Array.isArray(value) ? (value as OutboxEmail[]) : [];
  };
  return {
    file,
    list,
    send: (email) => {
      const emails = list();
      const sent = { id: emails.reduce((max, e) => Math.max(max, e.id), 0) + 1, ...email };
      emails.push(sent);
      writeJsonAtomic(file, emails);
      return sent;
    },
  };
};
