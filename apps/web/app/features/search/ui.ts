/** Shared classes of the search form's controls. */
export const controlClasses =
  'h-12 w-full rounded-md border border-neutral-300 bg-white px-3 text-base text-neutral-900 placeholder:text-neutral-600 ' +
  'focus-visible:border-primary-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-primary-600 ' +
  'aria-[invalid=true]:border-red-700';

export const labelClasses = 'text-sm font-medium text-neutral-700';

export const errorClasses = 'text-sm font-medium text-red-700';
