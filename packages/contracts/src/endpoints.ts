/**
 * The API's endpoints, defined once (./endpoint.ts). Add an endpoint here, use its schemas in the route
 * (`schema: schemaOf(endpoints.x)` in apps/api), call it from the web with `callEndpoint`.
 *
 * Deliberately not here (`uncontractedRoutes` below; apps/api/src/contract.test.ts holds every other /v1
 * route to a contract): what payment providers call or send the browser back to (their own formats, checked
 * by signature in apps/api/src/payments), the sandbox's card page (HTML), the PDFs, pictures and the
 * console's CSV export (not JSON), and the reference itself.
 */
import { endpoint, noContentSchema } from './endpoint.ts';
import { opsEndpoints } from './ops-endpoints.ts';
import { idempotentRefusals, notFoundRefusals, refusals } from './refusals.ts';
import { promoQuoteRequestSchema, promoQuoteResponseSchema, promoRefusals } from './promo-codes.ts';
import {
  airlineChangeRefusals,
  cancellationRefusals,
  createOrderRefusals,
  emailChangeConfirmRefusals,
  emailChangeRefusals,
  emailChangeUndoRefusals,
  offerRefusals,
  orderAccessRefusals,
  paymentRefusals,
  resendTicketsRefusals,
} from './order-refusals.ts';
import { agencyApplicationResponseSchema, agencyApplicationSchema } from './agencies.ts';
import { anywhereResponseSchema, flightAnywhereQuerySchema } from './anywhere.ts';
import { seatMapsResponseSchema } from './seats.ts';
import {
  authCodeRequestSchema,
  authCodeResponseSchema,
  authSessionResponseSchema,
  authUnlockSchema,
  authVerifyRequestSchema,
  unlockSignInRefusals,
  verifySignInCodeRefusals,
} from './auth.ts';
import {
  flightCalendarResponseSchema,
  flightDateGridResponseSchema,
  flightSearchResponseSchema,
  placesResponseSchema,
  popularDestinationsResponseSchema,
  pricedOfferResponseSchema,
} from './offers.ts';
import {
  flightCalendarQuerySchema,
  flightDateGridQuerySchema,
  flightPopularQuerySchema,
  flightSearchRequestSchema,
  flightSearchQuerySchema,
  offerIdParamsSchema,
  offerQuerySchema,
  placesQuerySchema,
  repriceRequestSchema,
} from './search.ts';
import { profileUpdateSchema } from './profile.ts';
import {
  travellerIdParamsSchema,
  travellerInputSchema,
  travellerPatchSchema,
  travellerResponseSchema,
  travellersResponseSchema,
  createTravellerRefusals,
} from './travellers.ts';
import { getMeQuerySchema, userResponseSchema } from './user.ts';
import {
  devEmailPreviewParamsSchema,
  devEmailPreviewQuerySchema,
  devEmailPreviewResponseSchema,
  devEmailPreviewsResponseSchema,
  devMailboxQuerySchema,
  devMailboxResponseSchema,
} from './dev-mailbox.ts';
import { ordersListQuerySchema, ordersListResponseSchema } from './orders.ts';
import {
  createOrderRequestSchema,
  airlineChangeParamsSchema,
  myTicketLookupRequestSchema,
  myTicketLookupResponseSchema,
  orderAccessQuerySchema,
  orderIdParamsSchema,
  orderResponseSchema,
  paymentOptionsResponseSchema,
  paymentProviderDisplaysQuerySchema,
  paymentProviderDisplaysResponseSchema,
  paymentProvidersResponseSchema,
  paymentStartRequestSchema,
  paymentStartResponseSchema,
} from './booking.ts';
import {
  orderCancellationIdParamsSchema,
  orderCancellationRequestSchema,
  orderCancellationResponseSchema,
} from './order-cancellations.ts';
import {
  changePhoneRequestSchema,
  emailChangeConfirmRequestSchema,
  emailChangeParamsSchema,
  emailChangeRequestSchema,
  emailChangeResponseSchema,
  emailChangeUndoRequestSchema,
  resendTicketsRequestSchema,
  resendTicketsResponseSchema,
} from './order-manage.ts';
import {
  priceAlertCreateRequestSchema,
  priceAlertCreateResponseSchema,
  priceAlertIdParamsSchema,
  priceAlertListQuerySchema,
  priceAlertResponseSchema,
  priceAlertsResponseSchema,
  priceAlertTokenRequestSchema,
  confirmPriceAlertRefusals,
  createPriceAlertRefusals,
} from './price-alerts.ts';
import {
  tourQuerySchema,
  tourRequestResponseSchema,
  tourRequestSchema,
  tourResponseSchema,
  tourSlugParamsSchema,
  toursListResponseSchema,
  toursQuerySchema,
  tourRequestRefusals,
} from './tours.ts';

export const endpoints = {
  searchFlights: endpoint({
    method: 'POST',
    path: '/v1/flights/search',
    summary: 'Offers for a one-way trip or a round trip, ranked, with filter values.',
    access: 'public',
    query: flightSearchQuerySchema,
    body: flightSearchRequestSchema,
    response: flightSearchResponseSchema,
  }),
  flightCalendar: endpoint({
    method: 'GET',
    path: '/v1/flights/calendar',
    summary:
      'The cheapest total per day on a route for the asked travellers (one adult by default), one way or a round trip of a fixed length.',
    access: 'public',
    query: flightCalendarQuerySchema,
    response: flightCalendarResponseSchema,
  }),
  flightDateGrid: endpoint({
    method: 'GET',
    path: '/v1/flights/date-grid',
    summary:
      'A round trip’s flexible dates: the cheapest total of each departure and return three days either side of the asked ones.',
    access: 'public',
    query: flightDateGridQuerySchema,
    response: flightDateGridResponseSchema,
  }),
  popularDestinations: endpoint({
    method: 'GET',
    path: '/v1/flights/popular',
    summary:
      'The destinations best connected to a city by nonstop flights, each at its lowest one-way fare of the next 30 days.',
    access: 'public',
    query: flightPopularQuerySchema,
    response: popularDestinationsResponseSchema,
  }),
  flightsAnywhere: endpoint({
    method: 'GET',
    path: '/v1/flights/anywhere',
    summary:
      'Every city a city flies to nonstop, cheapest first: its lowest one-way fare in a month, or round trip on a weekend.',
    access: 'public',
    query: flightAnywhereQuerySchema,
    response: anywhereResponseSchema,
  }),
  getOffer: endpoint({
    method: 'GET',
    path: '/v1/offers/{id}',
    summary: 'An offer priced again now, with live seats and its fare conditions.',
    access: 'public',
    params: offerIdParamsSchema,
    query: offerQuerySchema,
    response: pricedOfferResponseSchema,
    refusals: offerRefusals,
  }),
  offerSeatMaps: endpoint({
    method: 'GET',
    path: '/v1/offers/{id}/seat_maps',
    summary: 'The seats of each flight of an offer: who may take each seat and at what price.',
    access: 'public',
    params: offerIdParamsSchema,
    query: offerQuerySchema,
    response: seatMapsResponseSchema,
    refusals: offerRefusals,
  }),
  repriceOffer: endpoint({
    method: 'POST',
    path: '/v1/offers/reprice',
    summary: 'A fresh offer for flights chosen earlier (e.g. from a shared ticket link).',
    access: 'public',
    body: repriceRequestSchema,
    response: pricedOfferResponseSchema,
    refusals: offerRefusals,
  }),
  searchPlaces: endpoint({
    method: 'GET',
    path: '/v1/places',
    summary: 'Cities and airports matching typed text, in any of the four languages.',
    access: 'public',
    query: placesQuerySchema,
    response: placesResponseSchema,
  }),

  requestSignInCode: endpoint({
    method: 'POST',
    path: '/v1/auth/code',
    summary: 'Emails a 6-digit sign-in code (the same answer whether or not an account exists).',
    access: 'public',
    body: authCodeRequestSchema,
    status: 202,
    response: authCodeResponseSchema,
  }),
  verifySignInCode: endpoint({
    method: 'POST',
    path: '/v1/auth/verify',
    summary: 'Checks the emailed code and signs in, creating the account on first sign-in.',
    access: 'public',
    body: authVerifyRequestSchema,
    response: authSessionResponseSchema,
    refusals: verifySignInCodeRefusals,
  }),
  unlockSignIn: endpoint({
    method: 'POST',
    path: '/v1/auth/unlock',
    summary: 'Re-enables code sign-in for an email with the token of the emailed link.',
    access: 'public',
    body: authUnlockSchema,
    status: 204,
    response: noContentSchema,
    refusals: unlockSignInRefusals,
  }),
  logout: endpoint({
    method: 'POST',
    path: '/v1/auth/logout',
    summary: "Ends the caller's session (204 also when there was none).",
    access: 'public',
    status: 204,
    response: noContentSchema,
  }),

  getMe: endpoint({
    method: 'GET',
    path: '/v1/user/get-me',
    summary: 'The signed-in user; `include=userDetail` adds phone, language and currency.',
    access: 'user',
    query: getMeQuerySchema,
    response: userResponseSchema,
  }),
  updateMe: endpoint({
    method: 'PATCH',
    path: '/v1/user/me',
    summary: "Sets the fields sent of the user's profile; answers the user with detail.",
    access: 'user',
    body: profileUpdateSchema,
    response: userResponseSchema,
  }),
  listTravellers: endpoint({
    method: 'GET',
    path: '/v1/user/travellers',
    summary: "The signed-in user's saved travellers (for faster booking).",
    access: 'user',
    response: travellersResponseSchema,
  }),
  createTraveller: endpoint({
    method: 'POST',
    path: '/v1/user/travellers',
    summary: 'Saves a traveller (at most 30 per account).',
    access: 'user',
    body: travellerInputSchema,
    status: 201,
    response: travellerResponseSchema,
    refusals: createTravellerRefusals,
  }),
  updateTraveller: endpoint({
    method: 'PATCH',
    path: '/v1/user/travellers/{id}',
    summary: 'Replaces one of the saved travellers (every field is sent again).',
    access: 'user',
    params: travellerIdParamsSchema,
    body: travellerPatchSchema,
    response: travellerResponseSchema,
    refusals: notFoundRefusals,
  }),
  deleteTraveller: endpoint({
    method: 'DELETE',
    path: '/v1/user/travellers/{id}',
    summary: 'Deletes one of the saved travellers.',
    access: 'user',
    params: travellerIdParamsSchema,
    status: 204,
    response: noContentSchema,
    refusals: notFoundRefusals,
  }),

  listTours: endpoint({
    method: 'GET',
    path: '/v1/tours',
    summary: 'Last-minute tours on sale, by departure city and month, with the filter choices.',
    access: 'public',
    query: toursQuerySchema,
    response: toursListResponseSchema,
  }),
  getTour: endpoint({
    method: 'GET',
    path: '/v1/tours/{slug}',
    summary: 'One tour on sale, with its description.',
    access: 'public',
    params: tourSlugParamsSchema,
    query: tourQuerySchema,
    response: tourResponseSchema,
    refusals: notFoundRefusals,
  }),
  requestTour: endpoint({
    method: 'POST',
    path: '/v1/tours/{slug}/requests',
    summary: "A traveller's request to book a tour, emailed to the operator (Idempotency-Key honoured).",
    access: 'public',
    params: tourSlugParamsSchema,
    body: tourRequestSchema,
    status: 201,
    response: tourRequestResponseSchema,
    refusals: tourRequestRefusals,
  }),

  applyAsAgency: endpoint({
    method: 'POST',
    path: '/v1/agencies/applications',
    summary: "A travel agency's application to the agency programme, emailed to the operator.",
    access: 'public',
    body: agencyApplicationSchema,
    status: 201,
    response: agencyApplicationResponseSchema,
    refusals: idempotentRefusals,
  }),

  createPriceAlert: endpoint({
    method: 'POST',
    path: '/v1/price_alerts',
    summary: 'Watches a search for a lower price; the confirmation link is emailed.',
    access: 'public',
    body: priceAlertCreateRequestSchema,
    status: 202,
    response: priceAlertCreateResponseSchema,
    refusals: createPriceAlertRefusals,
  }),
  confirmPriceAlert: endpoint({
    method: 'POST',
    path: '/v1/price_alerts/confirm',
    summary: "Activates an alert with the token of its confirmation email's link.",
    access: 'public',
    body: priceAlertTokenRequestSchema,
    response: priceAlertResponseSchema,
    refusals: confirmPriceAlertRefusals,
  }),
  unsubscribePriceAlert: endpoint({
    method: 'POST',
    path: '/v1/price_alerts/unsubscribe',
    summary: 'Stops an alert with the token of any of its emails (no sign-in needed).',
    access: 'public',
    body: priceAlertTokenRequestSchema,
    response: priceAlertResponseSchema,
    refusals: notFoundRefusals,
  }),
  listPriceAlerts: endpoint({
    method: 'GET',
    path: '/v1/price_alerts',
    summary: "The signed-in traveller's alerts (those of the account's email).",
    access: 'user',
    query: priceAlertListQuerySchema,
    response: priceAlertsResponseSchema,
  }),
  deletePriceAlert: endpoint({
    method: 'DELETE',
    path: '/v1/price_alerts/{id}',
    summary: "Deletes one of the signed-in traveller's alerts.",
    access: 'user',
    params: priceAlertIdParamsSchema,
    status: 204,
    response: noContentSchema,
    refusals: notFoundRefusals,
  }),

  listOrders: endpoint({
    method: 'GET',
    path: '/v1/orders',
    summary: "The signed-in traveller's active orders, or their history.",
    access: 'user',
    query: ordersListQuerySchema,
    response: ordersListResponseSchema,
  }),
  lookupOrder: endpoint({
    method: 'POST',
    path: '/v1/orders/lookup',
    summary: '"Where is my ticket": emails the order\'s access link to its contact (always 202).',
    access: 'public',
    body: myTicketLookupRequestSchema,
    status: 202,
    response: myTicketLookupResponseSchema,
  }),
  createOrder: endpoint({
    method: 'POST',
    path: '/v1/orders',
    summary:
      'Books an offer for the passengers (Idempotency-Key required; a retry answers the same order with a new access token).',
    access: 'public',
    body: createOrderRequestSchema,
    status: 201,
    response: orderResponseSchema,
    refusals: createOrderRefusals,
  }),
  quotePromoCode: endpoint({
    method: 'POST',
    path: '/v1/promo_codes/quote',
    summary:
      "The booking page's check of a promo code: the offer's total with it, or why it cannot be used (rate-limited per client network).",
    access: 'public',
    body: promoQuoteRequestSchema,
    response: promoQuoteResponseSchema,
    refusals: refusals(offerRefusals, promoRefusals),
  }),
  getOrder: endpoint({
    method: 'GET',
    path: '/v1/orders/{id}',
    summary: 'An order, for its signed-in owner or with its access token (anyone else: 404).',
    access: 'public',
    params: orderIdParamsSchema,
    query: orderAccessQuerySchema,
    response: orderResponseSchema,
    refusals: orderAccessRefusals,
  }),
  acceptAirlineChange: endpoint({
    method: 'POST',
    path: '/v1/orders/{id}/airline_changes/{change_id}/actions/accept',
    summary:
      "Accepts a change the airline made to the order's flights (supplier orders; the same access as the order).",
    access: 'public',
    params: airlineChangeParamsSchema,
    query: orderAccessQuerySchema,
    response: orderResponseSchema,
    refusals: airlineChangeRefusals,
  }),
  orderPaymentOptions: endpoint({
    method: 'GET',
    path: '/v1/orders/{id}/payment_options',
    summary: 'The payment providers the order may be paid with, best first (the same access as the order).',
    access: 'public',
    params: orderIdParamsSchema,
    query: orderAccessQuerySchema,
    response: paymentOptionsResponseSchema,
    refusals: paymentRefusals,
  }),
  startOrderPayment: endpoint({
    method: 'POST',
    path: '/v1/orders/{id}/payments',
    summary: "Starts paying the order at one of its providers: the provider's page to send the browser to.",
    access: 'public',
    params: orderIdParamsSchema,
    query: orderAccessQuerySchema,
    body: paymentStartRequestSchema,
    status: 201,
    response: paymentStartResponseSchema,
    refusals: paymentRefusals,
  }),
  changeOrderPhone: endpoint({
    method: 'POST',
    path: '/v1/orders/{id}/actions/change_phone',
    summary: "Changes the order's contact phone (a note goes to the contact email).",
    access: 'public',
    params: orderIdParamsSchema,
    query: orderAccessQuerySchema,
    body: changePhoneRequestSchema,
    response: orderResponseSchema,
    refusals: orderAccessRefusals,
  }),
  requestOrderEmailChange: endpoint({
    method: 'POST',
    path: '/v1/orders/{id}/email_changes',
    summary: "Starts changing the order's contact email: a 6-digit code goes to the new address.",
    access: 'public',
    params: orderIdParamsSchema,
    query: orderAccessQuerySchema,
    body: emailChangeRequestSchema,
    status: 201,
    response: emailChangeResponseSchema,
    refusals: emailChangeRefusals,
  }),
  confirmOrderEmailChange: endpoint({
    method: 'POST',
    path: '/v1/orders/{id}/email_changes/{change_id}/actions/confirm',
    summary: 'Confirms a contact email change with the code sent to the new address; answers the order.',
    access: 'public',
    params: emailChangeParamsSchema,
    query: orderAccessQuerySchema,
    body: emailChangeConfirmRequestSchema,
    response: orderResponseSchema,
    refusals: emailChangeConfirmRefusals,
  }),
  undoOrderEmailChange: endpoint({
    method: 'POST',
    path: '/v1/orders/{id}/email_changes/{change_id}/actions/undo',
    summary:
      'With the token mailed to the replaced address: puts it back as the contact email, revokes the earlier links, mails a new one.',
    access: 'public',
    params: emailChangeParamsSchema,
    body: emailChangeUndoRequestSchema,
    status: 204,
    response: noContentSchema,
    refusals: emailChangeUndoRefusals,
  }),
  resendOrderTickets: endpoint({
    method: 'POST',
    path: '/v1/orders/{id}/actions/resend_tickets',
    summary:
      'Emails the confirmation with the e-ticket PDF again to the contact email (booked and paid only).',
    access: 'public',
    params: orderIdParamsSchema,
    query: orderAccessQuerySchema,
    body: resendTicketsRequestSchema,
    status: 202,
    response: resendTicketsResponseSchema,
    refusals: resendTicketsRefusals,
  }),

  quoteOrderCancellation: endpoint({
    method: 'POST',
    path: '/v1/order_cancellations',
    summary: 'Quotes cancelling an order: what goes back, valid until `expires_at` (confirm it to cancel).',
    access: 'public',
    query: orderAccessQuerySchema,
    body: orderCancellationRequestSchema,
    status: 201,
    response: orderCancellationResponseSchema,
    refusals: cancellationRefusals,
  }),
  confirmOrderCancellation: endpoint({
    method: 'POST',
    path: '/v1/order_cancellations/{id}/actions/confirm',
    summary:
      "Confirms a cancellation quote: the order is cancelled, its seats released, a paid order's refund started.",
    access: 'public',
    params: orderCancellationIdParamsSchema,
    query: orderAccessQuerySchema,
    response: orderCancellationResponseSchema,
    refusals: cancellationRefusals,
  }),

  listPaymentProviders: endpoint({
    method: 'GET',
    path: '/v1/payments/providers',
    summary: 'The payment providers this site takes, with the order currencies each is offered for.',
    access: 'public',
    response: paymentProvidersResponseSchema,
  }),
  listPaymentProviderDisplays: endpoint({
    method: 'GET',
    path: '/v1/payments/provider_displays',
    summary:
      'How each payment provider the site knows is shown to travellers: its name, what it is for, its badge.',
    access: 'public',
    query: paymentProviderDisplaysQuerySchema,
    response: paymentProviderDisplaysResponseSchema,
  }),

  devMailbox: endpoint({
    method: 'GET',
    path: '/v1/dev/mailbox',
    summary: "Development only: the outbox's newest emails (404 wherever the mailbox is off).",
    access: 'public',
    query: devMailboxQuerySchema,
    response: devMailboxResponseSchema,
    refusals: notFoundRefusals,
  }),

  devEmailPreviews: endpoint({
    method: 'GET',
    path: '/v1/dev/email-previews',
    summary: 'Development only: the samples of every email (404 wherever the mailbox is off).',
    access: 'public',
    response: devEmailPreviewsResponseSchema,
    refusals: notFoundRefusals,
  }),

  devEmailPreview: endpoint({
    method: 'GET',
    path: '/v1/dev/email-previews/{name}',
    summary: 'Development only: one email sample rendered in one language (404 wherever the mailbox is off).',
    access: 'public',
    params: devEmailPreviewParamsSchema,
    query: devEmailPreviewQuerySchema,
    response: devEmailPreviewResponseSchema,
    refusals: notFoundRefusals,
  }),

  // The agency's console (/v1/ops, staff only), defined in ./ops-endpoints.ts.
  ...opsEndpoints,
} as const;

export type Endpoints = typeof endpoints;

/**
 * The /v1 routes that have no contract here, on purpose, each with why. Everything else the API serves,
 * the console's routes (/v1/ops/...) included, is in `endpoints` (a test checks both ways).
 */
export const uncontractedRoutes = [
  {
    route: 'POST /v1/payments/webhooks/{provider}',
    why: "A payment provider's signed notice, in that provider's own format (payments/*.ts checks the raw body).",
  },
  {
    route: 'POST /v1/webhooks/duffel',
    why: "Duffel's signed events, in Duffel's own format (suppliers/duffel/webhook.ts checks the raw body).",
  },
  {
    route: 'POST /v1/payments/iyzico/callback',
    why: "iyzico's form sending the browser back (form-encoded, iyzico's format); answers a redirect.",
  },
  { route: 'GET /v1/payments/payme', why: "Payme's merchant API (JSON-RPC in Payme's format)." },
  { route: 'POST /v1/payments/payme', why: "Payme's merchant API (JSON-RPC in Payme's format)." },
  { route: 'POST /v1/payments/click/prepare', why: "Click's SHOP-API (form-encoded, in Click's format)." },
  { route: 'POST /v1/payments/click/complete', why: "Click's SHOP-API (form-encoded, in Click's format)." },
  { route: 'GET /v1/sandbox-pay/{session}', why: "The sandbox provider's card page (HTML)." },
  {
    route: 'POST /v1/sandbox-pay/{session}',
    why: "The sandbox provider's card form (form-encoded; a redirect).",
  },
  {
    route: 'POST /v1/sandbox-pay/{session}/3ds',
    why: "The sandbox provider's 3-D Secure form (form-encoded; a redirect).",
  },
  { route: 'GET /v1/orders/{id}/ticket.pdf', why: 'The e-ticket: application/pdf, not JSON.' },
  { route: 'GET /v1/orders/{id}/receipt.pdf', why: 'The payment receipt: application/pdf, not JSON.' },
  { route: 'GET /v1/tours/images/{id}', why: "A tour's picture: image bytes, not JSON." },
  {
    route: 'GET /v1/ops/orders.csv',
    why: "The console's export of a period's orders: text/csv (an attachment), not JSON.",
  },
  {
    route: 'GET /v1/ops/reports/sales.csv',
    why: "The console's export of the sales report's rows: text/csv (an attachment), not JSON.",
  },
  { route: 'GET /v1/openapi.json', why: 'This registry itself, as OpenAPI.' },
  { route: 'GET /v1/reference', why: 'The reference page (HTML) of this registry.' },
] as const satisfies readonly { route: string; why: string }[];
export type EndpointName = keyof Endpoints;
