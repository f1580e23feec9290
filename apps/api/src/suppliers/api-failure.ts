import type { SupplierError } from '@parvoz/core/search-types';
import { ApiFailure } from '../errors.ts';

/** The supplier's refusals as API errors (docs/design.md §7): request problems 400, offers 404/409/410. */
export function supplierFailure(error: SupplierError): ApiFailure {
  switch (error.code) {
    case 'offer_not_found':
      return new ApiFailure('not_found', error.message);
    case 'offer_expired':
      return new ApiFailure('offer_expired', error.message);
    case 'offer_unavailable':
      return new ApiFailure('offer_unavailable', error.message);
    default:
      return new ApiFailure('validation_failed', error.message, [
        {
          in: 'body',
          path: error.field ? `/${error.field.replaceAll('.', '/')}` : '',
          message: error.message,
          reason: error.code,
        },
      ]);
  }
}
