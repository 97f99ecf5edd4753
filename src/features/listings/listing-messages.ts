/**
 * Every text the listing form ("ADD Your Business") shows, and how long a message stays (spec 4, 5
 * and 8). Shared by the form island, its submit code and the server's validation.
 */
import { m } from '#paraglide/messages.js';

/** Every text the form shows, in the language of the page (or request) reading it. The spec's texts are verbatim (without the cross mark). */
export const LISTING_MESSAGES = Object.freeze({
  get category() {
    return m.form_category();
  },
  get discount() {
    return m.form_discount();
  },
  get coordinates() {
    return m.form_coordinates();
  },
  get description() {
    return m.form_description();
  },
  get location() {
    return m.form_location();
  },
  get telegram() {
    return m.form_telegram();
  },
  get phone() {
    return m.form_phone();
  },
  get logo() {
    return m.form_logo();
  },
  get tooManyImages() {
    return m.form_too_many_images();
  },
  get onlyOneDay() {
    return m.form_only_one_day();
  },
  get videoTooLong() {
    return m.form_video_too_long();
  },
  get pickerMax() {
    return m.form_picker_max();
  },
  get geoFailed() {
    return m.form_geo_failed();
  },
  get geoUnsupported() {
    return m.form_geo_unsupported();
  },
  get offline() {
    return m.form_offline();
  },
  get success() {
    return m.form_success();
  },
  get signUp() {
    return m.form_sign_up();
  },
  get signUpLink() {
    return m.form_sign_up_link();
  },
  get network() {
    return m.form_network();
  },
  get failedPrefix() {
    return m.form_failed_prefix();
  },
  get submitting() {
    return m.form_submitting();
  },
  get submit() {
    return m.form_submit();
  },
  get productName() {
    return m.form_product_name();
  },
  get companyName() {
    return m.form_company_name();
  },
  get productPhoto() {
    return m.form_product_photo();
  },
  get dayRange() {
    return m.form_day_range();
  },
  get dayRequired() {
    return m.form_day_required();
  },
  get waitingDays() {
    return m.form_waiting_days();
  },
  get telegramInvalid() {
    return m.form_telegram_invalid();
  },
  get tickInvalid() {
    return m.form_tick_invalid();
  },
  get webSiteInvalid() {
    return m.form_web_site_invalid();
  },
  get phoneInvalid() {
    return m.form_phone_invalid();
  },
  get productNameTooLong() {
    return m.form_product_name_too_long();
  },
  get companyNameTooLong() {
    return m.form_company_name_too_long();
  },
  get descriptionTooLong() {
    return m.form_description_too_long();
  },
  get locationTooLong() {
    return m.form_location_too_long();
  },
  get holiday() {
    return m.form_holiday_invalid();
  },
  get linkTooLong() {
    return m.form_link_too_long();
  },
});

/** How long a validation message shows: 3 s, 2 s for the images one (spec 5 and 9). */
const VALIDATION_MESSAGE_MS = 3000;
const IMAGES_MESSAGE_MS = 2000;

/** How long a validation message stays: 2 s for the images one, 3 s for the others. */
export function validationMessageMs(message: string): number {
  return message === LISTING_MESSAGES.tooManyImages ? IMAGES_MESSAGE_MS : VALIDATION_MESSAGE_MS;
}
