/**
 * Where a seller lands after sending a deal (from the form, after sign-up, or without JavaScript):
 * the page that says it was sent for checking and shows it.
 */
export function sentPageHref(listingId: number): string {
  return `/form/sent?id=${listingId}`;
}
