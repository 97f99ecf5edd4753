/**
 * The "ADD Your Business" listing form (/form, spec 2.5, 4, 5, 7, 8).
 *
 * Sellers post from phones on slow data, so nothing they type is lost: the text is kept in this
 * browser as they type, and a listing that cannot be sent yet (signed out) is kept with its files,
 * restored on the next visit and sent automatically after sign-in (`/form?resume=1`). The rules
 * are the shared ones of `src/features/listings/listing-form.ts`; the parts live in `listing-form/`.
 */
import { m } from '#paraglide/messages.js';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { LISTING_MESSAGES as M, validationMessageMs } from '#features/listings/listing-messages.ts';
import { validateListing } from '#features/listings/listing-form.ts';
import { DiscountFields } from './form/DiscountFields.tsx';
import { FileField } from './form/FileField.tsx';
import { ImagePicker } from './form/ImagePicker.tsx';
import { restoredText } from './form/kept-listing.ts';
import { LocationField, type MapTiles } from './form/LocationField.tsx';
import { listingOf, ownText, type Listing } from './form/state.ts';
import { fieldErrorsFromBody, postListing, type DuplicateDeal } from './form/submit.ts';
import type { UploadProgress } from './form/upload.ts';
import { sentPageHref } from '#features/listings/listing-sent.ts';
import { localHref } from '#platform/i18n/locales.ts';
import { SubmitBar } from './form/SubmitBar.tsx';
import { BusinessSection, ContactSection } from './form/TextSections.tsx';
import { Section, textWiring } from './form/ui.tsx';
import { useListingForm } from './form/use-listing-form.ts';
import { forgetListing, keepListing, useKeptListing } from './form/use-kept-listing.ts';
import { useNotice } from './form/use-notice.ts';
import { VideoField } from './form/VideoField.tsx';

export interface ListingFormProps {
  /** The signed-in user's email (prefilled, read-only), or null. */
  email: string | null;
  signedIn: boolean;
  /** Came back from sign-in: send the listing kept in this browser. */
  resume?: boolean;
  /** The tiles of "Pin it on a map" (MAP_TILE_URL, MAP_TILE_ATTRIBUTION). */
  mapTiles: MapTiles;
  /** A post without JavaScript that was refused: the text as posted, shown again (SSR). */
  initialText?: Partial<Record<string, string>>;
  /** ...and its problems, one a field (multipart names). */
  initialErrors?: Record<string, string>;
}

export default function ListingForm({ email, signedIn, resume = false, mapTiles, initialText, initialErrors }: ListingFormProps) {
  const accountEmail = signedIn ? (email ?? '') : null;
  const { state, act, dispatch } = useListingForm(accountEmail, { text: initialText, errors: initialErrors });
  const [notice, show] = useNotice();
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);
  const { text, files, errors, resets } = state;

  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [duplicate, setDuplicate] = useState<{ deal: DuplicateDeal; listing: Listing } | null>(null);
  const [sentId, setSentId] = useState<number | null>(null);
  // Photos are made small when picked, which takes seconds on a slow phone: a Submit tapped
  // meanwhile waits for them and then goes by itself (before, it said the photo was missing).
  const [preparing, setPreparing] = useState(0);
  const [waitingForPhotos, setWaitingForPhotos] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  /** `work` makes photos small and puts them in the form; the count goes down once they are in. */
  function prepare(work: Promise<unknown>): void {
    setPreparing((n) => n + 1);
    const done = () => setPreparing((n) => n - 1);
    void work.then(done, done);
  }
  // The last photo is in (this render has it): the Submit that waited goes now.
  useEffect(() => {
    if (waitingForPhotos && preparing === 0) form.current?.requestSubmit();
  }, [waitingForPhotos, preparing]);

  /**
   * Sends a listing. A seller who has just signed up (`land`) goes on to the page that says the
   * deal was sent and shows it; a seller already signed in stays on the form, which shows the
   * spec's success message, resets (spec 4), and links to that page.
   */
  async function send(listing: Listing, { postAgain = false, land = false } = {}) {
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    setDuplicate(null);
    // Kept before anything is sent: after a reload the same small files come back, and their
    // uploads resume where they stopped.
    await keepListing(listing);
    const { outcome, responseText, created, duplicate: same } = await postListing(listing, { onProgress: setProgress, postAgain });
    sending.current = false;
    setBusy(false);
    setProgress(null);
    setSentId(created);
    if (created !== null && land) {
      await forgetListing();
      show(outcome.kind, outcome.message, outcome.ms);
      location.assign(localHref(sentPageHref(created)));
      return;
    }
    if (same) setDuplicate({ deal: same, listing });
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
      if (kept && resume && signedIn) void send({ ...kept, text: ownText(accountEmail, restored) }, { land: true });
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
    if (preparing > 0) {
      setWaitingForPhotos(true);
      return;
    }
    setWaitingForPhotos(false);
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
      // No place yet: the first of the three ways to give one, the neighbourhood picker.
      const target = field === 'latitude' || field === 'longitude' ? 'lf-place' : `lf-${field}`;
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

  // Holiday is the deal's own optional field, no longer implied by a category (issue 29).
  const wire = textWiring(text, errors, (name, value) => act({ type: 'edit', name, value }));

  return (
    // Without JavaScript the same form posts itself to /form as multipart (form.page.server.ts).
    <form
      id="lf-form"
      ref={form}
      method="post"
      encType="multipart/form-data"
      onSubmit={onSubmit}
      noValidate
      className="space-y-4"
      aria-label={m.form_ui_form_label()}
    >
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
          prepare={prepare}
          onPick={(file) => act({ type: 'file', name: 'profile_photo', file })}
        />
        <FileField
          key={`photo-${resets}`}
          name="product_photo"
          label={m.form_ui_product_photo()}
          removeLabel={m.form_ui_remove_product_photo()}
          file={files.product_photo}
          error={errors.product_photo}
          prepare={prepare}
          onPick={(file) => act({ type: 'file', name: 'product_photo', file })}
        />
        <ImagePicker
          key={`images-${resets}`}
          images={state.images}
          error={errors.uploaded_images}
          prepare={prepare}
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
        tiles={mapTiles}
        onLocated={(latitude, longitude) => act({ type: 'located', latitude, longitude })}
        onLocation={(value) => act({ type: 'edit', name: 'location', value })}
      />
      <ContactSection errors={errors} wire={wire} />
      <SubmitBar
        notice={notice}
        busy={busy}
        waitingForPhotos={waitingForPhotos}
        progress={progress}
        duplicate={duplicate?.deal ?? null}
        onPostAgain={() => duplicate && void send(duplicate.listing, { postAgain: true })}
        sentHref={notice?.kind === 'success' && sentId !== null ? localHref(sentPageHref(sentId)) : null}
      />
    </form>
  );
}
