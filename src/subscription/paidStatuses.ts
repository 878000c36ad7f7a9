/**
 * PAY-1: the statuses of a paid subscription, managed on the subscription overview (and given a
 * "Billing" entry in the navigation); the other statuses get the purchase wizard.
 */
export const PAID_STATUSES: ReadonlySet<string> = new Set(['active', 'expiring', 'waiting_for_payment']);
