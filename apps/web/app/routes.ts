import { type RouteConfig, index, prefix, route } from '@react-router/dev/routes';

// The spec's route table (§2), once per language prefix.
export default [
  index('routes/site/root-redirect.tsx'),
  route('sitemap.xml', 'routes/site/sitemap.ts'),
  route('robots.txt', 'routes/site/robots.ts'),
  route('tour-images/:id', 'routes/tours/image.ts'),
  route(':lang', 'routes/site/lang-layout.tsx', [
    index('routes/site/home.tsx'),
    route('flight/booking', 'routes/flights/booking.tsx'),
    route('flight/:search', 'routes/flights/results.tsx'),
    route('search/places', 'routes/flights/places.ts'),
    ...prefix('info', [
      // One module for the information pages (features/info/content.ts INFO_PAGE_PATHS), an id per path.
      route('agreement', 'routes/info/page.tsx', { id: 'info-agreement' }),
      route('confidential', 'routes/info/page.tsx', { id: 'info-confidential' }),
      route('my-ticket', 'routes/info/my-ticket.tsx'),
      route('payment-security', 'routes/info/page.tsx', { id: 'info-payment-security' }),
      route('contacts', 'routes/info/page.tsx', { id: 'info-contacts' }),
      route('offer', 'routes/info/page.tsx', { id: 'info-offer' }),
      route('help', 'routes/info/page.tsx', { id: 'info-help' }),
    ]),
    route('tours', 'routes/tours/list.tsx'),
    route('tours/:slug', 'routes/tours/tour.tsx'),
    route('agencies', 'routes/agencies/apply.tsx'),
    route('orders/:id', 'routes/order/order.tsx'),
    route('orders/:id/ticket.pdf', 'routes/order/ticket.tsx'),
    route('orders/:id/receipt.pdf', 'routes/order/receipt.tsx'),
    // The undo of a contact email change, mailed to the replaced address (ADR 0022): a page whose button posts.
    route('orders/:id/undo-email-change', 'routes/order/undo-email.tsx'),
    route('profile', 'routes/profile/layout.tsx', [
      index('routes/profile/home.tsx'),
      route('orders-history', 'routes/profile/orders-history.tsx'),
      route('settings', 'routes/profile/settings.tsx'),
      route('price-alerts', 'routes/profile/price-alerts.tsx'),
    ]),
    route('ops', 'routes/ops/layout.tsx', [
      index('routes/ops/home.tsx'),
      route('orders', 'routes/ops/orders.tsx'),
      route('orders/:id', 'routes/ops/order.tsx'),
      route('staff', 'routes/ops/staff.tsx'),
      route('security', 'routes/ops/security.tsx'),
      route('price-rules', 'routes/ops/price-rules.tsx'),
      route('reports', 'routes/ops/reports.tsx'),
      route('tours', 'routes/ops/tours.tsx'),
      route('tours/new', 'routes/ops/tour-edit.tsx', { id: 'ops-tour-new' }),
      route('tours/:id', 'routes/ops/tour-edit.tsx'),
      route('requests', 'routes/ops/requests.tsx'),
      route('applications', 'routes/ops/requests.tsx', { id: 'ops-applications' }),
    ]),
    // The orders of a period as CSV (docs/after-sale.md §8): a download, outside the console's page layout.
    route('ops/orders.csv', 'routes/ops/orders-csv.ts'),
    route('ops/reports.csv', 'routes/ops/reports-csv.ts'),
    route('settings', 'routes/site/settings.tsx'),
    route('login', 'routes/auth/login.tsx'),
    route('login/unlock', 'routes/auth/unlock.tsx'),
    route('logout', 'routes/auth/logout.tsx'),
    route('dev/mailbox', 'routes/dev/mailbox.tsx'),
    // Only while the mailbox is on: the previews of every email, and one of them as the email itself.
    route('dev/mailbox/previews', 'routes/dev/email-previews.tsx'),
    route('dev/mailbox/previews/:name/:previewLang', 'routes/dev/email-preview.ts'),
    route('price-alerts', 'routes/price-alerts/subscribe.tsx'),
    route('price-alerts/confirm', 'routes/price-alerts/confirm.tsx'),
    route('price-alerts/unsubscribe', 'routes/price-alerts/unsubscribe.tsx'),
    route('*', 'routes/site/not-found.tsx', { id: 'lang-not-found' }),
  ]),
  route('*', 'routes/site/not-found.tsx'),
] satisfies RouteConfig;
