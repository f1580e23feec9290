/**
 * Click's SHOP API, the protocol only (docs/decisions/0012-payme-and-click.md): Click POSTs Prepare
 * (action 0) and Complete (action 1) to the merchant as form fields signed with an MD5 `sign_string`, and
 * reads a JSON answer whose `error` is one of Click's codes below.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

export const CLICK_PROVIDER = 'click';

export const ClickAction = { prepare: 0, complete: 1 } as const;

export const ClickError = {
  success: 0,
  signCheckFailed: -1,
  incorrectAmount: -2,
  actionNotFound: -3,
  alreadyPaid: -4,
  userNotFound: -5,
  transactionNotFound: -6,
  failedToUpdate: -7,
  badRequest: -8,
  transactionCancelled: -9,
} as const;
export type ClickErrorCode = (typeof ClickError)[keyof typeof ClickError];

export const CLICK_ERROR_NOTES: Record<ClickErrorCode, string> = {
  0: 'Success',
  [-1]: 'SIGN CHECK FAILED!',
  [-2]: 'Incorrect parameter amount',
  [-3]: 'Action not found',
  [-4]: 'Already paid',
  [-5]: 'User does not exist',
  [-6]: 'Transaction does not exist',
  [-7]: 'Failed to update user',
  [-8]: 'Error in request from click',
  [-9]: 'Transaction cancelled',
};

const digits = z.string().regex(/^\d{1,19}$/);
/** The form fields of Prepare and Complete, as strings (the signature covers them exactly as sent). */
export const clickRequestSchema = z.object({
  click_trans_id: digits,
  service_id: digits,
  click_paydoc_id: digits,
  merchant_trans_id: z.string().min(1).max(100),
  merchant_prepare_id: digits.optional(),
  amount: z.string().max(30),
  action: z.string().max(5),
  error: z.string().regex(/^-?\d{1,9}$/),
  error_note: z.string().max(1000).optional(),
  sign_time: z.string().max(40),
  sign_string: z.string().max(100),
});
export type ClickRequest = z.infer<typeof clickRequestSchema>;

/**
 * sign_string = md5(click_trans_id + service_id + SECRET_KEY + merchant_trans_id [+ merchant_prepare_id]
 * + amount + action + sign_time); merchant_prepare_id only in Complete.
 */
export function clickSignString(request: Omit<ClickRequest, 'sign_string'>, secretKey: string): string {
  const prepareId =
    request.action === String(ClickAction.complete) ? (request.merchant_prepare_id ?? '') : '';
  return createHash('md5')
    .update(
      request.click_trans_id +
        request.service_id +
        secretKey +
        request.merchant_trans_id +
        prepareId +
        request.amount +
        request.action +
        request.sign_time,
    )
    .digest('hex');
}

export function clickSignatureValid(request: ClickRequest, secretKey: string): boolean {
  const expected = Buffer.from(clickSignString(request, secretKey));
  const given = Buffer.from(request.sign_string.toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The Merchant API's `Auth` header: merchant_user_id:sha1(timestamp + secret_key):timestamp. */
export function clickAuthHeader(merchantUserId: number, secretKey: string, at: Date): string {
  const timestamp = Math.floor(at.getTime() / 1000);
  const digest = createHash('sha1').update(`${timestamp}${secretKey}`).digest('hex');
  return `${merchantUserId}:${digest}:${timestamp}`;
}

/** The payment page of an order (Click's "payment button" by link). */
export function clickPayUrl(input: {
  payUrl: string;
  serviceId: number;
  merchantId: number;
  amount: string;
  orderId: string;
  returnUrl: string;
}): string {
  const query = new URLSearchParams({
    service_id: String(input.serviceId),
    merchant_id: String(input.merchantId),
    amount: input.amount,
    transaction_param: input.orderId,
    return_url: input.returnUrl,
  });
  return `${input.payUrl}?${query.toString()}`;
}
