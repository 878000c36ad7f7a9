import type { AppMessages } from './en';
import type { Catalogue } from './catalogue';
import { shellFr } from './shell.fr';

export const fr = {
  ...shellFr,
  notification_logout_message: 'Vous avez été déconnecté.',
  notification_unauthorized_error: 'Votre session a expiré. Veuillez vous reconnecter.',
} satisfies Catalogue<AppMessages>;
