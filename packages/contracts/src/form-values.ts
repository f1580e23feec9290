/**
 * How an HTML form sends what a request body writes otherwise, for the form schemas (read with Conform, the
 * raw strings): the values a form gives, made into the body's.
 */

/** Ticked boxes of one name: none sends nothing, one a lone string, more a list. Always a list. */
export const asList = (value: string | string[] | undefined) =>
  value === undefined ? [] : typeof value === 'string' ? [value] : value;

/** A select left on its empty "none" option sends '': no value. */
export const emptyAsNull = <T>(value: T) => (value === '' ? null : value);
