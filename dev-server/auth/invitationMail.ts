/**
 * The words of an invitation mail (plain text), in the inviting admin's language. The inviter
 * and the company are named so the invitee knows who asks and where they would join; the names
 * are customers' text, so line breaks are flattened (a subject is a mail header).
 */

export type MailLanguage = 'en' | 'fr';

export interface Invitation {
  /** The inviter's name and email; null when the provider's staff invited (DEPLOY-6). */
  inviter: { name: string; email: string } | null;
  /** The account the invitee would join. */
  company: string;
  language: MailLanguage;
}

const oneLine = (text: string): string => text.replace(/[\r\n\t\u2028\u2029]+/g, ' ').trim();

const who = ({ inviter }: Invitation, language: MailLanguage): string => {
  if (inviter === null) return language === 'fr' ? 'L’équipe de votre fournisseur' : 'Your provider’s team';
  return `${oneLine(inviter.name)} (${oneLine(inviter.email)})`;
};

/** The mail of a new teammate: who invites them to which company, and the link to choose a password. */
export const activationMail = (invitation: Invitation, link: string): { subject: string; text: string } => {
  const company = oneLine(invitation.company);
  const inviterName = invitation.inviter === null ? null : oneLine(invitation.inviter.name);
  if (invitation.language === 'fr')
    return {
      subject: inviterName === null ? `Invitation à rejoindre ${company}` : `${inviterName} vous invite à rejoindre ${company}`,
      text: `Bonjour,\n\n${who(invitation, 'fr')} vous invite à rejoindre ${company}. Pour accepter, choisissez votre mot de passe dans les 24 heures :\n${link}\n\nSi vous n’attendiez pas cette invitation, ignorez cet e-mail.`,
    };
  return {
    subject: inviterName === null ? `You are invited to join ${company}` : `${inviterName} invited you to join ${company}`,
    text: `Hello,\n\n${who(invitation, 'en')} invited you to join ${company}. To accept, choose your password within 24 hours:\n${link}\n\nIf you did not expect this invitation, ignore this email.`,
  };
};

/**
 * SEC-7: the mail to an email that already has a user with another customer: who invited it to
 * which company, and why it cannot be accepted. No link: a user belongs to one account.
 */
export const invitationNoticeMail = (invitation: Invitation): { subject: string; text: string } => {
  const company = oneLine(invitation.company);
  const inviterName = invitation.inviter === null ? null : oneLine(invitation.inviter.name);
  if (invitation.language === 'fr')
    return {
      subject: inviterName === null ? `Invitation à rejoindre ${company}` : `${inviterName} vous invite à rejoindre ${company}`,
      text: `Bonjour,\n\n${who(invitation, 'fr')} vous invite à rejoindre ${company}. Cette adresse e-mail a déjà un utilisateur chez un autre client, et un utilisateur n’appartient qu’à un client : l’invitation ne peut donc pas être acceptée avec elle. Pour rejoindre ${company}, demandez une invitation à une autre adresse.`,
    };
  return {
    subject: inviterName === null ? `You are invited to join ${company}` : `${inviterName} invited you to join ${company}`,
    text: `Hello,\n\n${who(invitation, 'en')} invited you to join ${company}. This email address already has a user with another customer, and a user belongs to one customer only, so the invitation cannot be accepted with it. To join ${company}, ask for an invitation to another address.`,
  };
};
