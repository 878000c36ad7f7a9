import { randomBytes } from 'node:crypto';
import cardValidator from 'card-validator';

/**
 * What the subscription rules need from a card processor. The dev API uses the test-mode
 * adapter below; a real processor would implement the same two calls. A card number goes in
 * once (tokenise) and never comes back: callers keep only the token, brand and last four digits.
 */
export interface PaymentAdapter {
  tokenise(card: CardDetails, now: Date): TokeniseResult;
  charge(request: ChargeRequest): ChargeResult;
}

export interface CardDetails {
  /** Digits only. */
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** What may be stored about a card (ST-4): the brand, last four digits and expiry, plus the processor's reference. */
export interface StoredCard {
  /** The processor's reference to the card, e.g. `pm_dev_…`: not card data, useless elsewhere. */
  token: string;
  brand: string;
  last4: string;
  /** PAY-1: shown beside the card so its owner knows when to replace it; absent on cards stored before it was kept. */
  expMonth?: number;
  expYear?: number;
}

export type PaymentFailure = 'card_declined' | 'insufficient_funds' | 'processing_error' | 'expired_card' | 'incorrect_cvc';

export type TokeniseResult = { ok: true; card: StoredCard } | { ok: false; failure: PaymentFailure };

export interface ChargeRequest {
  card: StoredCard;
  amountCents: number;
  currency: string;
  /** false for renewals: the customer is not there to answer a challenge. */
  onSession: boolean;
}

export type ChargeResult = { ok: true; chargeId: string } | { ok: false; failure: PaymentFailure; retryable: boolean };

/**
 * Test-mode behaviour by card number, like a card processor's documented test cards. Any other
 * valid number is declined: a dev environment should never see a real card.
 */
const TEST_CARDS: Readonly<Record<string, { outcome: 'success' | PaymentFailure | 'renewal_declined'; note: string }>> = {
  '4242424242424242': { outcome: 'success', note: 'Visa, succeeds' },
  '5555555555554444': { outcome: 'success', note: 'Mastercard, succeeds' },
  '378282246310005': { outcome: 'success', note: 'American Express, succeeds (4-digit CVC)' },
  '4000000000000002': { outcome: 'card_declined', note: 'declined' },
  '4000000000009995': { outcome: 'insufficient_funds', note: 'declined, insufficient funds' },
  '4000000000000119': { outcome: 'processing_error', note: 'processing error, try again' },
  '4000000000000069': { outcome: 'expired_card', note: 'declined, expired card' },
  '4000000000000127': { outcome: 'incorrect_cvc', note: 'declined, incorrect CVC' },
  '4000000000000341': { outcome: 'renewal_declined', note: 'first payment succeeds, every renewal is declined' },
};

/**
 * The dev adapter. The behaviour of a tokenised card is kept in memory by token, as a processor
 * keeps it on its side; after a restart an unknown token is charged as a success card (the
 * behaviour of renewal-declining cards is also recoverable from their last four digits).
 */
export const createDevPaymentAdapter = (): PaymentAdapter => {
  const behaviourByToken = new Map<string, string>();

  const outcomeOf = (card: StoredCard): string => behaviourByToken.get(card.token) ?? (card.last4 === '0341' ? 'renewal_declined' : 'success');

  return {
    tokenise: (card, now) => {
      // Month-end of the expiry month, in UTC, against the (movable) server clock.
      const expiresAt = Date.UTC(card.expYear, card.expMonth, 1);
      if (!(card.expMonth >= 1 && card.expMonth <= 12) || expiresAt <= now.getTime()) return { ok: false, failure: 'expired_card' };
      const outcome = TEST_CARDS[card.number]?.outcome ?? 'card_declined';
      // Declines that a processor reports when the card is first checked.
      if (outcome === 'expired_card' || outcome === 'incorrect_cvc') return { ok: false, failure: outcome };
      const token = `pm_dev_${randomBytes(12).toString('hex')}`;
      behaviourByToken.set(token, outcome);
      const brand = cardValidator.number(card.number).card?.type ?? 'unknown';
      return { ok: true, card: { token, brand, last4: card.number.slice(-4), expMonth: card.expMonth, expYear: card.expYear } };
    },
    charge: (request) => {
      if (!Number.isSafeInteger(request.amountCents) || request.amountCents < 0) throw new RangeError('amountCents must be a non-negative integer');
      const outcome = outcomeOf(request.card);
      if (outcome === 'success' || (outcome === 'renewal_declined' && request.onSession)) {
        return { ok: true, chargeId: `ch_dev_${randomBytes(12).toString('hex')}` };
      }
      if (outcome === 'renewal_declined') return { ok: false, failure: 'card_declined', retryable: false };
      const failure = outcome as PaymentFailure;
      return { ok: false, failure, retryable: failure === 'processing_error' };
    },
  };
};
