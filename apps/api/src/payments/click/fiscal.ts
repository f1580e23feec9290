/**
 * Click's fiscal data on its Merchant API (docs.click.uz/merchant-api/fiscalization): `submit_items` sends a paid
 * payment's items (amounts in tiyin) and Click registers the receipt with the tax committee; `ofd_data` then
 * gives the receipt's link (`qrCodeURL`). Both take the Merchant API's `Auth` header; `payment_id` is the
 * payment's `click_paydoc_id`, as for a reversal.
 */
import { clickAuthHeader } from './protocol.ts';
import type { ClickSettings } from './settings.ts';

export interface ClickFiscalItem {
  /** At most 63 characters. */
  Name: string;
  SPIC: string;
  PackageCode: string;
  GoodPrice: number;
  /** The position's total (quantity × price, before discounts), in tiyin. */
  Price: number;
  Amount: number;
  /** The VAT included in Price, in tiyin. */
  VAT: number;
  VATPercent: number;
  CommissionInfo: { TIN: string };
}

async function merchantApi(
  settings: ClickSettings,
  at: Date,
  path: string,
  body?: object,
): Promise<Record<string, unknown>> {
  const response = await fetch(`${settings.apiUrl}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: {
      accept: 'application/json',
      'content-type': 'application/json',
      auth: clickAuthHeader(settings.merchantUserId, settings.secretKey, at),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
    signal: AbortSignal.timeout(10_000),
  });
  const answer = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!response.ok || !answer) throw new Error(`Click ${path}: HTTP ${response.status}`);
  return answer;
}

/** submit_items: the whole payment received electronically (`received_ecash`); throws unless error_code is 0. */
export async function submitClickFiscalItems(
  settings: ClickSettings,
  at: Date,
  paymentId: string,
  items: ClickFiscalItem[],
): Promise<void> {
  const total = items.reduce((sum, item) => sum + item.Price, 0);
  const answer = await merchantApi(settings, at, '/payment/ofd_data/submit_items', {
    service_id: settings.serviceId,
    payment_id: Number(paymentId),
    items,
    received_ecash: total,
    received_cash: 0,
    received_card: 0,
  });
  if (answer.error_code !== 0)
    throw new Error(`Click submit_items: ${String(answer.error_code)} ${String(answer.error_note ?? '')}`);
}

/** The registered receipt's link, or null while Click has none. */
export async function clickFiscalReceiptUrl(
  settings: ClickSettings,
  at: Date,
  paymentId: string,
): Promise<string | null> {
  const answer = await merchantApi(
    settings,
    at,
    `/payment/ofd_data/${settings.serviceId}/${encodeURIComponent(paymentId)}`,
  );
  return typeof answer.qrCodeURL === 'string' && answer.qrCodeURL.startsWith('https://')
    ? answer.qrCodeURL
    : null;
}
