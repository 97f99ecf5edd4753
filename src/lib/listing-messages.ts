/**
 * Every text the listing form ("ADD Your Business") shows, and how long a message stays (spec 4, 5
 * and 8). Shared by the form island, its submit code and the server's validation.
 */

/** Every text the form shows. The spec's texts are verbatim (without the cross mark). */
export const LISTING_MESSAGES = Object.freeze({
  // Submission rules, in the spec's order (section 5).
  category: 'Please select a category.',
  discount: 'Please select a discount.',
  coordinates: 'Please provide the precise location (latitude & longitude).',
  description: 'Please provide a description for your product.',
  location: 'Please provide a location.',
  telegram: 'Please provide your Telegram username.',
  phone: 'Please provide a phone number.',
  logo: 'Please upload your company logo or profile photo.',
  tooManyImages: 'You can upload a maximum of 10 additional images.',
  // Form field rules (section 5).
  onlyOneDay: 'You can only fill one of Discount Start Date or Discount Duration.',
  videoTooLong: 'Video must be 30 seconds or less.',
  pickerMax: 'You can upload a maximum of 6 images.',
  geoFailed: 'Unable to fetch your location.',
  geoUnsupported: 'Geolocation not supported by this browser.',
  offline: 'No internet connection. Please check your connection and try again.',
  // Submit texts (sections 4 and 8).
  success: 'Your post submitted successfully! Waiting for verification.',
  signUp: 'Account not created. Please sign up',
  signUpLink: 'Sign up',
  network: 'Network error. Please try again.',
  failedPrefix: 'Failed to submit: ',
  submitting: 'Submitting...',
  submit: 'Submit',
  // Rules the spec states without a text: ours.
  productName: 'Please provide the name of your product or service.',
  companyName: 'Please provide your company name.',
  productPhoto: 'Please upload a photo of your product.',
  dayRange: 'Discount days must be a whole number from 1 to 30.',
  dayRequired: 'Please fill Discount Duration or Discount Start Date (1 to 30 days).',
  waitingDays: 'Leave Discount Start Date and Discount Duration empty while the discount is Waiting.',
  telegramInvalid: 'Enter your Telegram link (t.me/yourname) or @username: 5 to 32 letters, digits or _.',
  tickInvalid: 'Enter a full link, for example https://wa.me/251911234567.',
  webSiteInvalid: 'Enter a website address, for example example.com.',
  phoneInvalid: 'Enter a phone number with 7 to 20 digits, for example +251 91 123 4567.',
  productNameTooLong: 'The product name must be 120 characters or fewer.',
  companyNameTooLong: 'The company name must be 120 characters or fewer.',
  descriptionTooLong: 'The description must be 2000 characters or fewer.',
  locationTooLong: 'The location must be 200 characters or fewer.',
  linkTooLong: 'Links must be 300 characters or fewer.',
});

/** How long a validation message shows: 3 s, 2 s for the images one (spec 5 and 9). */
const VALIDATION_MESSAGE_MS = 3000;
const IMAGES_MESSAGE_MS = 2000;

/** How long a validation message stays: 2 s for the images one, 3 s for the others. */
export function validationMessageMs(message: string): number {
  return message === LISTING_MESSAGES.tooManyImages ? IMAGES_MESSAGE_MS : VALIDATION_MESSAGE_MS;
}
