/**
 * The "ADD Your Business" listing form (/form, spec 2.5, 4, 5, 7, 8).
 *
 * Sellers post from phones on slow data, so nothing they type is lost: the text is kept in this
 * browser as they type, and a listing that cannot be sent yet (signed out) is kept with its files,
 * restored on the next visit and sent automatically after sign-in (`/form?resume=1`). The rules
 * are the shared ones of `src/features/listings/listing-form.ts`; the parts live in `listing-form/`.
 */
import { m } from '#paraglide/messages.js';
import type { HolidayKey } from '#features/listings/holidays.ts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { LISTING_MESSAGES as M, validationMessageMs } from '#features/listings/listing-messages.ts';
import { validateListing } from '#features/listings/listing-form.ts';
import { DiscountFields } from './form/DiscountFields.tsx';
import { FileField } from './form/FileField.tsx';
import { ImagePicker } from './form/ImagePicker.tsx';
import { restoredText } from './form/kept-listing.ts';
import { LocationField } from './form/LocationField.tsx';
import { listingOf, ownText, type Listing } from './form/state.ts';
import { fieldErrorsFromBody, postListing } from './form/submit.ts';
import { SubmitBar } from './form/SubmitBar.tsx';
import { BusinessSection, ContactSection } from './form/TextSections.tsx';
import { Section, textWiring } from './form/ui.tsx';
import { useListingForm } from './form/use-listing-form.ts';
import { forgetListing, keepListing, useKeptListing } from './form/use-kept-listing.ts';
import { useNotice } from './form/use-notice.ts';
import { VideoField } from './form/VideoField.tsx';

export interface ListingFormProps {
  /** The next holiday by the server's clock: the holiday offered for a deal in the holiday category. */
  nextHoliday: HolidayKey;
  /** The signed-in user's email (prefilled, read-only), or null. */
  email: string | null;
  signedIn: boolean;
  /** Came back from sign-in: send the listing kept in this browser. */
  resume?: boolean;
}

export default function ListingForm({ email, signedIn, resume = false, nextHoliday }: ListingFormProps) {
  const accountEmail = signedIn ? (email ?? '') : null;
  const { state, act, dispatch } = useListingForm(accountEmail);
  const [notice, show] = useNotice();
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);
  const { text, files, errors, resets } = state;

  async function send(listing: Listing) {
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    const { outcome, responseText } = await postListing(listing);
    sending.current = false;
    setBusy(false);
    if (outcome.kind === 'success') {
      dispatch({ type: 'reset' });
      await forgetListing();
    } else if (outcome.kind === 'signup') {
      await keepListing(listing);
    } else if (responseText) {
      dispatch({ type: 'errors', errors: fieldErrorsFromBody(responseText) });
    }
    show(outcome.kind, outcome.message, outcome.ms);
  }

  // On load: restore the draft and any listing kept with its files; after sign-in, send it.
  useKeptListing({
    text,
    edited: state.edited,
    signedIn,
    onRestore: (draft, kept) => {
      const restored = restoredText(draft, kept);
      dispatch({ type: 'restore', text: restored, kept });
      if (kept && resume && signedIn) void send({ ...kept, text: ownText(accountEmail, restored) });
    },
  });

  useEffect(() => {
    if (!resume) return;
    const url = new URL(location.href);
    url.searchParams.delete('resume');
    history.replaceState(history.state, '', url.pathname + url.search + url.hash);
  }, [resume]);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const listing = listingOf(state);
    const result = validateListing(text, {
      logo: listing.logo !== null,
      photo: listing.photo !== null,
      extraImages: listing.images.length,
    });
    if (!result.ok) {
      dispatch({ type: 'errors', errors: result.errors });
      show('error', `❌ ${result.first}`, validationMessageMs(result.first));
      const field = Object.keys(result.errors).find((name) => result.errors[name] === result.first);
      const target = field === 'latitude' || field === 'longitude' ? 'lf-locate' : `lf-${field}`;
      document.getElementById(target)?.focus();
      return;
    }
    dispatch({ type: 'errors', errors: {} });
    if (!signedIn) {
      await keepListing(listing);
      show('signup', M.signUp, 0);
      return;
    }
    await send(listing);
  }

  const wire = textWiring(text, errors, (name, value) => {
    act({ type: 'edit', name, value });
    // A deal in the holiday category is most likely for the next holiday: offered, still changeable.
    if (name === 'category' && value === 'holyday' && text.holiday === '') {
      act({ type: 'edit', name: 'holiday', value: nextHoliday });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={m.form_ui_form_label()}>
      {!signedIn && <p className="rounded-2xl border border-accent-400 bg-amber-50 p-3 text-sm text-stone-800">{m.form_ui_guest_note()}</p>}
      <BusinessSection text={text} errors={errors} wire={wire} signedIn={signedIn} />
      <Section title={m.form_ui_photos_video()}>
        <FileField
          key={`logo-${resets}`}
          name="profile_photo"
          label={m.form_ui_logo()}
          removeLabel={m.form_ui_remove_logo()}
          file={files.profile_photo}
          error={errors.profile_photo}
          onPick={(file) => act({ type: 'file', name: 'profile_photo', file })}
        />
        <FileField
          key={`photo-${resets}`}
          name="product_photo"
          label={m.form_ui_product_photo()}
          removeLabel={m.form_ui_remove_product_photo()}
          file={files.product_photo}
          error={errors.product_photo}
          onPick={(file) => act({ type: 'file', name: 'product_photo', file })}
        />
        <ImagePicker
          key={`images-${resets}`}
          images={state.images}
          error={errors.uploaded_images}
          onAdd={(picked) => act({ type: 'addImages', files: picked })}
          onRemove={(id) => act({ type: 'removeImage', id })}
        />
        <VideoField
          key={`video-${resets}`}
          file={files.product_video}
          error={errors.product_video}
          onPick={(file) => act({ type: 'file', name: 'product_video', file })}
        />
      </Section>
      <DiscountFields text={text} errors={errors} wire={wire} />
      <LocationField
        text={text}
        errors={errors}
        wire={wire}
        onLocated={(latitude, longitude) => act({ type: 'located', latitude, longitude })}
      />
      <ContactSection errors={errors} wire={wire} />
      <SubmitBar notice={notice} busy={busy} />
    </form>
  );
}
