interface OutboxEmail {
  to: string;
  link: string;
}

/** The link of the newest email the dev API "sent" to `email` (its dev outbox). */
export const latestLinkFor = async (apiUrl: string, email: string): Promise<string> => {
  const outbox = (await (await fetch(`${apiUrl}/dev/outbox`)).json()) as OutboxEmail[];
  const mail = outbox.filter((entry) => entry.to === email).at(-1);
  if (!mail) throw new Error(`no email for ${email} in the outbox`);
  return mail.link;
};
