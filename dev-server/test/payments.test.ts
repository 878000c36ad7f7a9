import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDevPaymentAdapter } from '../payments/devPaymentAdapter';
import { violationsOf } from './http';
import { startTestServer, type TestServer } from './startTestServer';
import {
  api,
  card,
  DECLINED_CARD,
  INSUFFICIENT_FUNDS_CARD,
  PROCESSING_ERROR_CARD,
  RENEWAL_DECLINED_CARD,
  subscribeBody,
  SUCCESS_CARD,
} from './subscriptionFixtures';

const NOW = new Date('2030-01-15T12:00:00Z');

describe('dev payment adapter', () => {
  const adapter = createDevPaymentAdapter();
  const tokenise = (number: string, expYear = 2034) => adapter.tokenise({ number: number.replace(/ /g, ''), expMonth: 12, expYear, cvc: '123' }, NOW);

  it('[ST-4] keeps only a token, the brand and the last four digits', () => {
    const result = tokenise(SUCCESS_CARD);
    expect(result).toEqual({
      ok: true,
      card: { token: expect.stringMatching(/^pm_dev_[0-9a-f]{24}$/), brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 },
    });
    expect(JSON.stringify(result)).not.toContain('4242424242424242');
  });

  it('[ENT-5] charges by test card: renewals of 0341 fail, other numbers are declined', () => {
    const charge = (number: string, onSession = true) => {
      const tokenised = tokenise(number);
      if (!tokenised.ok) return tokenised;
      return adapter.charge({ card: tokenised.card, amountCents: 900, currency: 'EUR', onSession });
    };
    expect(charge(SUCCESS_CARD)).toMatchObject({ ok: true, chargeId: expect.stringMatching(/^ch_dev_/) });
    expect(charge('5555 5555 5555 4444')).toMatchObject({ ok: true });
    expect(charge(DECLINED_CARD)).toEqual({ ok: false, failure: 'card_declined', retryable: false });
    expect(charge(INSUFFICIENT_FUNDS_CARD)).toEqual({ ok: false, failure: 'insufficient_funds', retryable: false });
    expect(charge(PROCESSING_ERROR_CARD)).toEqual({ ok: false, failure: 'processing_error', retryable: true });
    expect(charge(RENEWAL_DECLINED_CARD, true)).toMatchObject({ ok: true });
    expect(charge(RENEWAL_DECLINED_CARD, false)).toEqual({ ok: false, failure: 'card_declined', retryable: false });
    expect(charge('4000 0000 0000 0069')).toEqual({ ok: false, failure: 'expired_card' });
    expect(charge('4111 1111 1111 1111')).toEqual({ ok: false, failure: 'card_declined', retryable: false });
    expect(tokenise(SUCCESS_CARD, 2029)).toEqual({ ok: false, failure: 'expired_card' });
  });
});

describe('card payment over HTTP', () => {
  let server: TestServer;
  let http: ReturnType<typeof api>;
  let owner: string;
  beforeAll(async () => {
    server = await startTestServer();
    http = api(server);
    owner = await http.login('owner@demo.test');
  });
  afterAll(() => server.close());

  const pay = (cardNumber: string, cvc = '123') => http.post('/subscriptions', owner, subscribeBody({ payment: card(cardNumber, cvc) }));
  const status = async () => ((await (await http.get('/subscriptions', owner)).json()) as { status: string }).status;

  it('[VAL-1] card fields required', async () => {
    const res = await http.post('/subscriptions', owner, subscribeBody({ payment: undefined }));
    expect(res.status).toBe(400);
    expect(await violationsOf(res)).toEqual([
      { propertyPath: 'payment.cardNumber', messageKey: 'validation.card_number_required' },
      { propertyPath: 'payment.expiry', messageKey: 'validation.card_expiry_required' },
      { propertyPath: 'payment.cvc', messageKey: 'validation.card_cvc_required' },
    ]);
    const blank = await http.post('/subscriptions', owner, subscribeBody({ payment: { cardNumber: ' ', expiry: '', cvc: '' } }));
    expect(await violationsOf(blank)).toEqual([
      { propertyPath: 'payment.cardNumber', messageKey: 'validation.card_number_required' },
      { propertyPath: 'payment.expiry', messageKey: 'validation.card_expiry_required' },
      { propertyPath: 'payment.cvc', messageKey: 'validation.card_cvc_required' },
    ]);
    const messages = ((await (await http.post('/subscriptions', owner, subscribeBody({ payment: {} }))).json()) as { violations: Array<{ message: string }> })
      .violations;
    expect(messages.map((v) => v.message)).toEqual(['Card number is required.', 'Expiration date is required.', 'CVC is required.']);
    expect(await status()).toBe('trial');
  });

  it('[VAL-1] card number, expiry and CVC are checked', async () => {
    const res = await http.post('/subscriptions', owner, subscribeBody({ payment: { cardNumber: '4242 4242 4242 4241', expiry: '01/20', cvc: '12' } }));
    expect(res.status).toBe(400);
    expect(await violationsOf(res)).toEqual([
      { propertyPath: 'payment.cardNumber', messageKey: 'validation.card_number_invalid' },
      { propertyPath: 'payment.expiry', messageKey: 'validation.card_expiry_invalid' },
      { propertyPath: 'payment.cvc', messageKey: 'validation.card_cvc_invalid' },
    ]);
    // American Express has a four-digit CVC.
    const amex = await http.post('/subscriptions', owner, subscribeBody({ payment: card('3782 822463 10005', '123') }));
    expect(await violationsOf(amex)).toEqual([{ propertyPath: 'payment.cvc', messageKey: 'validation.card_cvc_invalid' }]);
  });

  it('[ENT-5] test card outcomes: success, declined, insufficient funds, retry', async () => {
    const declined = await pay(DECLINED_CARD);
    expect(declined.status).toBe(402);
    expect(await violationsOf(declined)).toEqual([{ propertyPath: 'payment.cardNumber', messageKey: 'error.backend.payment_declined' }]);

    const insufficient = await pay(INSUFFICIENT_FUNDS_CARD);
    expect(insufficient.status).toBe(402);
    expect(await violationsOf(insufficient)).toEqual([{ propertyPath: 'payment.cardNumber', messageKey: 'error.backend.payment_insufficient_funds' }]);

    const processing = await pay(PROCESSING_ERROR_CARD);
    expect(processing.status).toBe(402);
    expect(processing.headers.get('retry-after')).toBe('1');
    expect(await violationsOf(processing)).toEqual([{ propertyPath: 'payment.cardNumber', messageKey: 'error.backend.payment_processing_error' }]);

    const cvc = await pay('4000 0000 0000 0127');
    expect(await violationsOf(cvc)).toEqual([{ propertyPath: 'payment.cvc', messageKey: 'error.backend.payment_incorrect_cvc' }]);

    // Nothing changed after the failures; the retry with a good card starts the subscription.
    expect(await status()).toBe('trial');
    const success = await pay(SUCCESS_CARD);
    expect(success.status).toBe(201);
    const subscription = (await success.json()) as { status: string; card: unknown; payments: Array<{ status: string; failure: string | null }> };
    expect(subscription.status).toBe('active');
    expect(subscription.card).toEqual({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 });
    expect(subscription.payments.map((p) => p.failure ?? p.status)).toEqual(['card_declined', 'insufficient_funds', 'processing_error', 'succeeded']);
  });
});
