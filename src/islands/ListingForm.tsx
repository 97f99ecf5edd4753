/**
 * The "ADD Your Business" listing form (/form, spec 2.5, 4, 5, 7, 8).
 *
 * Sellers post from phones on slow data, so nothing they type is lost: every text field is kept
 * in localStorage as they type, and a listing that cannot be sent yet (signed out) is kept with its
 * files in IndexedDB, restored on the next visit and sent automatically after sign-in
 * (`/form?resume=1`). The rules are the shared ones of `src/lib/listing-form.ts`.
 */
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent, type MouseEvent, type ReactNode } from 'react';
import { FORM_CATEGORY_OPTIONS } from '#lib/categories.ts';
import { DISCOUNT_OPTIONS, WAITING } from '#lib/discount.ts';
import {
  LISTING_MESSAGES as M,
  LISTING_TEXT_FIELDS,
  MAX_DESCRIPTION_LENGTH,
  MAX_PICKER_IMAGES,
  MAX_VIDEO_SECONDS,
  SIGN_UP_HREF,
  fieldErrorsFromBody,
  submitOutcome,
  validateListing,
  validationMessageMs,
  type ListingTextField,
  type SubmitOutcome,
} from '#lib/listing-form.ts';

export interface ListingFormProps {
  /** The signed-in user's email (prefilled, read-only), or null. */
  email: string | null;
  signedIn: boolean;
  /** Came back from sign-in: send the listing kept in this browser. */
  resume?: boolean;
}

type Text = Record<ListingTextField, string>;

/** A listing kept in this browser until it can be sent. */
interface Pending {
  text: Partial<Text>;
  logo: File | null;
  photo: File | null;
  video: File | null;
  images: File[];
}

interface Picked {
  id: number;
  file: File;
}

interface Notice {
  kind: SubmitOutcome['kind'];
  text: string;
}

type DayField = 'discount_duration' | 'discount_start_date';

const DRAFT_KEY = 'sefer:listing-draft';
const blankText = (email: string): Text => {
  const text = Object.fromEntries(LISTING_TEXT_FIELDS.map((name) => [name, ''])) as Text;
  text.email = email;
  return text;
};

// ---- Keeping things in the browser (every call tolerates storage being unavailable) ----

function readDraft(): Partial<Text> | null {
  try {
    const raw = localStorage.getItem(DRAFT_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const draft: Partial<Text> = {};
    for (const name of LISTING_TEXT_FIELDS) {
      const value = (parsed as Record<string, unknown>)[name];
      if (typeof value === 'string') draft[name] = value;
    }
    return draft;
  } catch {
    return null;
  }
}

function writeDraft(text: Partial<Text>): void {
  try {
    if (Object.values(text).every((v) => !v || !v.trim())) localStorage.removeItem(DRAFT_KEY);
    else localStorage.setItem(DRAFT_KEY, JSON.stringify(text));
  } catch {
    // Storage full or disabled: the form still works, only the draft is not kept.
  }
}

const PENDING_DB = 'sefer-listing-form';
const PENDING_STORE = 'pending';
const PENDING_KEY = 'listing';

function pendingStore<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<T>): Promise<T | undefined> {
  return new Promise((resolve) => {
    try {
      const open = indexedDB.open(PENDING_DB, 1);
      open.onupgradeneeded = () => open.result.createObjectStore(PENDING_STORE);
      open.onerror = () => resolve(undefined);
      open.onsuccess = () => {
        const db = open.result;
        try {
          const request = run(db.transaction(PENDING_STORE, mode).objectStore(PENDING_STORE));
          request.onsuccess = () => {
            db.close();
            resolve(request.result);
          };
          request.onerror = () => {
            db.close();
            resolve(undefined);
          };
        } catch {
          db.close();
          resolve(undefined);
        }
      };
    } catch {
      resolve(undefined);
    }
  });
}

const savePending = (listing: Pending) => pendingStore('readwrite', (s) => s.put(listing, PENDING_KEY));
const deletePending = () => pendingStore('readwrite', (s) => s.delete(PENDING_KEY));
const loadPending = async (): Promise<Pending | null> => {
  const value = (await pendingStore<unknown>('readonly', (s) => s.get(PENDING_KEY))) as Pending | undefined;
  return value && typeof value === 'object' && value.text ? { ...value, images: value.images ?? [] } : null;
};

// ---- Files ----

/** Duration of a video in seconds from its metadata, or null when the browser cannot tell. */
function videoSeconds(file: File): Promise<number | null> {
  return new Promise((resolve) => {
    const video = document.createElement('video');
    const url = URL.createObjectURL(file);
    const done = (seconds: number | null) => {
      clearTimeout(timer);
      URL.revokeObjectURL(url);
      video.removeAttribute('src');
      resolve(seconds !== null && Number.isFinite(seconds) ? seconds : null);
    };
    const timer = setTimeout(() => done(null), 10_000);
    video.preload = 'metadata';
    video.muted = true;
    video.onloadedmetadata = () => done(video.duration);
    video.onerror = () => done(null);
    video.src = url;
  });
}

/** Puts files back into a file input (after a reload), where the browser allows it. */
function showInInput(input: HTMLInputElement | null, files: File[]): void {
  if (!input) return;
  try {
    const transfer = new DataTransfer();
    for (const file of files) transfer.items.add(file);
    input.files = transfer.files;
  } catch {
    // Older browsers: the preview below the input still shows the kept file.
  }
}

/** A temporary URL for previewing a file, revoked when the file changes or the preview goes. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

function Thumb({ file, onRemove, removeLabel }: { file: File; onRemove: () => void; removeLabel: string }) {
  const url = useObjectUrl(file);
  const isImage = file.type.startsWith('image/');
  return (
    <div className="relative h-20 w-20 shrink-0 overflow-hidden rounded-xl border border-stone-200 bg-stone-100">
      {url && isImage ? (
        <img src={url} alt={file.name} className="h-full w-full object-cover" />
      ) : (
        <span className="flex h-full w-full items-center justify-center p-1 text-center text-[10px] leading-tight break-all text-stone-600">
          {file.name}
        </span>
      )}
      <button
        type="button"
        onClick={onRemove}
        aria-label={removeLabel}
        className="absolute top-1 right-1 flex h-7 w-7 items-center justify-center rounded-full bg-stone-900/75 text-lg leading-none text-white hover:bg-stone-900"
      >
        ×
      </button>
    </div>
  );
}

// ---- Styles ----

// scroll-mt keeps a field focused after a failed submit clear of the sticky top bar.
const fieldClass =
  'block w-full scroll-mt-36 rounded-xl border border-stone-300 px-3 py-2.5 text-base text-stone-900 placeholder:text-stone-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/25 disabled:cursor-not-allowed disabled:bg-stone-100 disabled:text-stone-400 aria-[invalid=true]:border-red-600 aria-[invalid=true]:bg-red-50/40';
const inputClass = `${fieldClass} bg-white`;
const readOnlyClass = `${fieldClass} bg-stone-100`;
const fileClass =
  'block w-full scroll-mt-36 rounded-xl border border-dashed border-stone-300 bg-stone-50 p-2 text-sm text-stone-600 file:mr-3 file:rounded-full file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:text-sm file:font-semibold file:text-brand-700 hover:file:bg-brand-100 aria-[invalid=true]:border-red-600';

let nextPickId = 1;

export default function ListingForm({ email, signedIn, resume = false }: ListingFormProps) {
  const ownEmail = signedIn ? (email ?? '') : '';
  const [text, setText] = useState<Text>(() => blankText(ownEmail));
  const [logo, setLogo] = useState<File | null>(null);
  const [photo, setPhoto] = useState<File | null>(null);
  const [video, setVideo] = useState<File | null>(null);
  const [images, setImages] = useState<Picked[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  const [locating, setLocating] = useState(false);
  const [resetCount, setResetCount] = useState(0);

  const logoInput = useRef<HTMLInputElement>(null);
  const photoInput = useRef<HTMLInputElement>(null);
  const videoInput = useRef<HTMLInputElement>(null);
  const noticeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** Set by the seller's own edits: only those are written to the draft. */
  const edited = useRef(false);
  const sending = useRef(false);

  const waiting = text.discount === WAITING;
  const coordinatesError = errors.latitude ?? errors.longitude;

  // Keep the text as it is typed (restoring it on load is no edit, so it never overwrites the draft).
  useEffect(() => {
    if (edited.current) writeDraft(signedIn ? { ...text, email: '' } : text);
  }, [text, signedIn]);

  // On load: restore the draft and any listing kept with its files; after sign-in, send it.
  useEffect(() => {
    let cancelled = false;
    const draft = readDraft() ?? {};
    const own = (t: Partial<Text>): Text => ({ ...blankText(ownEmail), ...t, ...(signedIn ? { email: ownEmail } : {}) });
    setText(own(draft));
    if (resume) {
      const url = new URL(location.href);
      url.searchParams.delete('resume');
      history.replaceState(history.state, '', url.pathname + url.search + url.hash);
    }
    void loadPending().then((pending) => {
      if (cancelled || !pending) return;
      setLogo(pending.logo);
      setPhoto(pending.photo);
      setVideo(pending.video);
      setImages(pending.images.map((file) => ({ id: nextPickId++, file })));
      showInInput(logoInput.current, pending.logo ? [pending.logo] : []);
      showInInput(photoInput.current, pending.photo ? [pending.photo] : []);
      showInInput(videoInput.current, pending.video ? [pending.video] : []);
      // The draft holds the latest edits; the kept listing fills in what the draft lacks.
      const restored = own({ ...pending.text, ...draft });
      setText(restored);
      if (resume && signedIn) void send({ ...pending, text: restored });
    });
    return () => {
      cancelled = true;
      clearTimeout(noticeTimer.current);
    };
    // Runs once on load; the props do not change during the page's life.
  }, []);

  function show(kind: Notice['kind'], message: string, ms: number) {
    clearTimeout(noticeTimer.current);
    setNotice({ kind, text: message });
    if (ms > 0) noticeTimer.current = setTimeout(() => setNotice(null), ms);
  }

  function clearErrors(...names: string[]) {
    setErrors((e) => {
      if (!names.some((n) => n in e)) return e;
      const next = { ...e };
      for (const n of names) delete next[n];
      return next;
    });
  }

  function setField(name: ListingTextField, value: string) {
    edited.current = true;
    setText((t) => ({ ...t, [name]: value }));
    clearErrors(name);
  }

  function setDay(name: DayField, value: string) {
    const other: DayField = name === 'discount_duration' ? 'discount_start_date' : 'discount_duration';
    if (value.trim() !== '' && text[other].trim() !== '') {
      alert(M.onlyOneDay);
      return;
    }
    setField(name, value);
    clearErrors('discount_duration', 'discount_start_date');
  }

  function setDiscount(value: string) {
    // Waiting takes no days: empty them rather than keep values the seller cannot edit.
    edited.current = true;
    setText((t) =>
      value === WAITING ? { ...t, discount: value, discount_duration: '', discount_start_date: '' } : { ...t, discount: value },
    );
    clearErrors('discount', 'discount_duration', 'discount_start_date');
  }

  function pickSingle(current: File | null, setFile: (file: File | null) => void, name: string) {
    return (e: ChangeEvent<HTMLInputElement>) => {
      const file = e.target.files?.[0];
      // A cancelled picker empties the input in some browsers: keep the file already chosen
      // (its × button removes it).
      if (!file) return showInInput(e.target, current ? [current] : []);
      setFile(file);
      clearErrors(name);
    };
  }

  function removeSingle(setFile: (file: File | null) => void, input: HTMLInputElement | null) {
    setFile(null);
    if (input) input.value = '';
  }

  async function pickVideo(e: ChangeEvent<HTMLInputElement>) {
    const input = e.target;
    const file = input.files?.[0] ?? null;
    if (!file) return showInInput(input, video ? [video] : []);
    clearErrors('product_video');
    const seconds = await videoSeconds(file);
    if (seconds !== null && seconds > MAX_VIDEO_SECONDS) {
      alert(M.videoTooLong);
      input.value = '';
      setVideo(null);
      return;
    }
    // Unknown length (a format this browser cannot read): the server checks it.
    setVideo(file);
  }

  function pickImages(e: ChangeEvent<HTMLInputElement>) {
    const picked = Array.from(e.target.files ?? []);
    // Emptied so the same photo can be picked again after removing it.
    e.target.value = '';
    const room = MAX_PICKER_IMAGES - images.length;
    if (picked.length > room) alert(M.pickerMax);
    const added = picked.slice(0, Math.max(0, room)).map((file) => ({ id: nextPickId++, file }));
    if (added.length > 0) setImages((list) => [...list, ...added]);
    clearErrors('uploaded_images');
  }

  function locate() {
    if (!('geolocation' in navigator)) {
      alert(M.geoUnsupported);
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        edited.current = true;
        setText((t) => ({
          ...t,
          latitude: position.coords.latitude.toFixed(6),
          longitude: position.coords.longitude.toFixed(6),
        }));
        clearErrors('latitude', 'longitude');
      },
      () => {
        setLocating(false);
        alert(M.geoFailed);
      },
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 60_000 },
    );
  }

  function resetForm() {
    setText(blankText(ownEmail));
    setLogo(null);
    setPhoto(null);
    setVideo(null);
    setImages([]);
    setErrors({});
    setResetCount((n) => n + 1);
    try {
      localStorage.removeItem(DRAFT_KEY);
    } catch {
      // Nothing kept, nothing to remove.
    }
  }

  function body(listing: Pending): FormData {
    const fd = new FormData();
    for (const name of LISTING_TEXT_FIELDS) {
      const value = (listing.text[name] ?? '').trim();
      if (value) fd.append(name, value);
    }
    if (listing.logo) fd.append('profile_photo', listing.logo, listing.logo.name);
    if (listing.photo) fd.append('product_photo', listing.photo, listing.photo.name);
    if (listing.video) fd.append('product_video', listing.video, listing.video.name);
    for (const image of listing.images) fd.append('uploaded_images', image, image.name);
    return fd;
  }

  async function keepForSignUp(listing: Pending) {
    await savePending(listing);
    show('signup', M.signUp, 0);
  }

  async function send(listing: Pending) {
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    let outcome: SubmitOutcome;
    let responseText = '';
    try {
      const response = await fetch('/api/products/', { method: 'POST', body: body(listing), credentials: 'same-origin' });
      responseText = await response.text();
      outcome = submitOutcome(response.status, responseText);
    } catch {
      outcome = submitOutcome('network', '');
    }
    sending.current = false;
    setBusy(false);
    if (outcome.kind === 'success') {
      resetForm();
      await deletePending();
    } else if (outcome.kind === 'signup') {
      await savePending(listing);
    } else if (responseText) {
      setErrors(fieldErrorsFromBody(responseText));
    }
    show(outcome.kind, outcome.message, outcome.ms);
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const result = validateListing(text, { logo: logo !== null, photo: photo !== null, extraImages: images.length });
    if (!result.ok) {
      setErrors(result.errors);
      show('error', `❌ ${result.first}`, validationMessageMs(result.first));
      const field = Object.keys(result.errors).find((name) => result.errors[name] === result.first);
      const target = field === 'latitude' || field === 'longitude' ? 'lf-locate' : `lf-${field}`;
      document.getElementById(target)?.focus();
      return;
    }
    setErrors({});
    const listing: Pending = { text: { ...text }, logo, photo, video, images: images.map((p) => p.file) };
    if (!signedIn) return keepForSignUp(listing);
    await send(listing);
  }

  function signUpClick(e: MouseEvent<HTMLAnchorElement>) {
    if (!navigator.onLine) {
      e.preventDefault();
      alert(M.offline);
    }
  }

  /** Accessible wiring of one field: id, invalid state and the ids describing it. */
  function a11y(name: string, hint?: boolean) {
    const described = [hint ? `lf-${name}-hint` : '', errors[name] ? `lf-${name}-error` : ''].filter(Boolean).join(' ');
    return {
      id: `lf-${name}`,
      name,
      'aria-invalid': errors[name] ? true : undefined,
      'aria-describedby': described || undefined,
    };
  }

  function textProps(name: ListingTextField, hint?: boolean) {
    return {
      ...a11y(name, hint),
      value: text[name],
      onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => setField(name, e.target.value),
    };
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Add your business">
      {!signedIn && (
        <p className="rounded-2xl border border-accent-400 bg-amber-50 p-3 text-sm text-stone-800">
          You can fill in the form now; you need an account to submit it. What you type is kept on this phone.
        </p>
      )}

      <Section title="Your business">
        <Field
          name="email"
          label="Email"
          hint={signedIn ? 'Your listing is posted from this account.' : undefined}
          error={errors.email}
          optional={!signedIn}
        >
          <input
            {...textProps('email', signedIn)}
            type="email"
            autoComplete="email"
            readOnly={signedIn}
            className={signedIn ? readOnlyClass : inputClass}
          />
        </Field>
        <Field name="product_name" label="Product or service name" error={errors.product_name}>
          <input {...textProps('product_name')} type="text" aria-required="true" autoComplete="off" className={inputClass} />
        </Field>
        <Field name="company_name" label="Company name" error={errors.company_name}>
          <input {...textProps('company_name')} type="text" aria-required="true" autoComplete="organization" className={inputClass} />
        </Field>
        <Field name="category" label="Category" error={errors.category}>
          <select {...textProps('category')} aria-required="true" className={inputClass}>
            <option value="">Choose a category</option>
            {FORM_CATEGORY_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </Field>
        <Field
          name="description"
          label="Description"
          hint={`${text.description.length}/${MAX_DESCRIPTION_LENGTH}`}
          error={errors.description}
        >
          <textarea {...textProps('description', true)} rows={4} aria-required="true" className={inputClass} />
        </Field>
      </Section>

      <Section title="Photos and video">
        <Field name="profile_photo" label="Company logo or profile photo" error={errors.profile_photo}>
          <input
            key={`logo-${resetCount}`}
            ref={logoInput}
            {...a11y('profile_photo')}
            type="file"
            accept="image/*"
            aria-required="true"
            onChange={pickSingle(logo, setLogo, 'profile_photo')}
            className={fileClass}
          />
          {logo && (
            <div className="mt-2">
              <Thumb file={logo} removeLabel="Remove the logo" onRemove={() => removeSingle(setLogo, logoInput.current)} />
            </div>
          )}
        </Field>
        <Field name="product_photo" label="Product photo" error={errors.product_photo}>
          <input
            key={`photo-${resetCount}`}
            ref={photoInput}
            {...a11y('product_photo')}
            type="file"
            accept="image/*"
            aria-required="true"
            onChange={pickSingle(photo, setPhoto, 'product_photo')}
            className={fileClass}
          />
          {photo && (
            <div className="mt-2">
              <Thumb file={photo} removeLabel="Remove the product photo" onRemove={() => removeSingle(setPhoto, photoInput.current)} />
            </div>
          )}
        </Field>
        <Field
          name="uploaded_images"
          label={`More images (up to ${MAX_PICKER_IMAGES})`}
          hint={`${images.length} of ${MAX_PICKER_IMAGES} chosen`}
          error={errors.uploaded_images}
          optional
        >
          <input
            key={`images-${resetCount}`}
            {...a11y('uploaded_images', true)}
            type="file"
            accept="image/*"
            multiple
            onChange={pickImages}
            className={fileClass}
          />
          {images.length > 0 && (
            <ul className="mt-2 flex flex-wrap gap-2" aria-label="Chosen images">
              {images.map((p, i) => (
                <li key={p.id}>
                  <Thumb
                    file={p.file}
                    removeLabel={`Remove image ${i + 1}`}
                    onRemove={() => setImages((list) => list.filter((x) => x.id !== p.id))}
                  />
                </li>
              ))}
            </ul>
          )}
        </Field>
        <Field
          name="product_video"
          label="Product video"
          hint={`${MAX_VIDEO_SECONDS} seconds or less.`}
          error={errors.product_video}
          optional
        >
          <input
            key={`video-${resetCount}`}
            ref={videoInput}
            {...a11y('product_video', true)}
            type="file"
            accept="video/*"
            onChange={pickVideo}
            className={fileClass}
          />
          {video && (
            <p className="mt-2 flex items-center gap-2 text-sm text-stone-700">
              <span className="truncate">🎬 {video.name}</span>
              <button
                type="button"
                onClick={() => removeSingle(setVideo, videoInput.current)}
                className="shrink-0 rounded-full px-2 py-1 text-brand-700 underline"
              >
                Remove video
              </button>
            </p>
          )}
        </Field>
      </Section>

      <Section title="Your discount">
        <Field name="discount" label="Discount" error={errors.discount}>
          <select
            {...a11y('discount')}
            value={text.discount}
            onChange={(e) => setDiscount(e.target.value)}
            aria-required="true"
            className={inputClass}
          >
            <option value="">Choose a discount</option>
            {DISCOUNT_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </Field>
        <p id="lf-days-hint" className="text-sm text-stone-600">
          {waiting
            ? 'No days while the discount is waiting.'
            : 'Fill one of the two: how many days the discount lasts, or in how many days it starts (1 to 30).'}
        </p>
        <div className="grid grid-cols-2 gap-3">
          {(['discount_duration', 'discount_start_date'] as const).map((name) => (
            <Field
              key={name}
              name={name}
              label={name === 'discount_duration' ? 'Discount Duration (days)' : 'Discount Start Date (days from now)'}
              error={errors[name]}
            >
              <input
                {...a11y(name)}
                aria-describedby={['lf-days-hint', errors[name] ? `lf-${name}-error` : ''].filter(Boolean).join(' ')}
                value={text[name]}
                onChange={(e) => setDay(name, e.target.value)}
                type="number"
                inputMode="numeric"
                min={1}
                max={30}
                step={1}
                disabled={waiting}
                className={inputClass}
              />
            </Field>
          ))}
        </div>
      </Section>

      <Section title="Where buyers find you">
        <Field name="location" label="Location" hint="Area, street or building, e.g. Bole, near Edna Mall." error={errors.location}>
          <input {...textProps('location', true)} type="text" aria-required="true" autoComplete="street-address" className={inputClass} />
        </Field>
        <div>
          <button
            id="lf-locate"
            type="button"
            onClick={locate}
            disabled={locating}
            aria-describedby={coordinatesError ? 'lf-coordinates-error' : undefined}
            className="inline-flex scroll-mt-36 items-center gap-2 rounded-full border border-brand-700 bg-white px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60"
          >
            <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
              <path d="M12 2a7 7 0 0 0-7 7c0 5 7 13 7 13s7-8 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z" />
            </svg>
            {locating ? 'Finding your location…' : 'Use My Current Location'}
          </button>
        </div>
        <div className="grid grid-cols-2 gap-3">
          {(['latitude', 'longitude'] as const).map((name) => (
            <Field key={name} name={name} label={name === 'latitude' ? 'Latitude' : 'Longitude'}>
              <input
                {...textProps(name)}
                aria-invalid={coordinatesError ? true : undefined}
                aria-describedby={coordinatesError ? 'lf-coordinates-error' : undefined}
                type="text"
                readOnly
                aria-required="true"
                placeholder="Tap the button"
                className={readOnlyClass}
              />
            </Field>
          ))}
        </div>
        {coordinatesError && (
          <p id="lf-coordinates-error" className="-mt-2 text-sm text-red-700">
            {coordinatesError}
          </p>
        )}
      </Section>

      <Section title="How buyers contact you">
        <Field name="contact_telegram" label="Telegram" hint="Your Telegram link or @username" error={errors.contact_telegram}>
          <input
            {...textProps('contact_telegram', true)}
            type="text"
            inputMode="url"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            aria-required="true"
            placeholder="@yourshop"
            className={inputClass}
          />
        </Field>
        <Field name="contact_phone" label="Phone number" error={errors.contact_phone}>
          <input
            {...textProps('contact_phone')}
            type="tel"
            autoComplete="tel"
            aria-required="true"
            placeholder="+251 91 123 4567"
            className={inputClass}
          />
        </Field>
        <Field
          name="contact_tick"
          label="Second messenger link"
          hint="For example your WhatsApp link."
          error={errors.contact_tick}
          optional
        >
          <input
            {...textProps('contact_tick', true)}
            type="text"
            inputMode="url"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            className={inputClass}
          />
        </Field>
        <Field name="web_site" label="Website" error={errors.web_site} optional>
          <input
            {...textProps('web_site')}
            type="text"
            inputMode="url"
            autoComplete="url"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            placeholder="example.com"
            className={inputClass}
          />
        </Field>
      </Section>

      <div className="space-y-3">
        <div role="alert" aria-live="assertive" aria-atomic="true">
          {notice && (
            <p
              className={
                notice.kind === 'success'
                  ? 'rounded-2xl border border-brand-600 bg-brand-50 p-3 font-medium text-brand-800'
                  : notice.kind === 'signup'
                    ? 'flex flex-wrap items-center gap-x-3 gap-y-2 rounded-2xl border border-accent-500 bg-amber-50 p-3 font-medium text-stone-900'
                    : 'rounded-2xl border border-red-300 bg-red-50 p-3 font-medium break-words text-red-800'
              }
            >
              <span>{notice.text}</span>
              {notice.kind === 'signup' && (
                <>
                  {' '}
                  <a
                    href={SIGN_UP_HREF}
                    onClick={signUpClick}
                    className="inline-block rounded-full bg-brand-700 px-4 py-1.5 font-semibold text-white hover:bg-brand-800"
                  >
                    {M.signUpLink}
                  </a>
                </>
              )}
            </p>
          )}
        </div>
        <button
          type="submit"
          disabled={busy}
          className="w-full rounded-full bg-brand-700 px-6 py-3 text-base font-semibold text-white shadow-sm hover:bg-brand-800 disabled:cursor-wait disabled:opacity-60 sm:w-auto"
        >
          {busy ? M.submitting : M.submit}
        </button>
      </div>
    </form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
      <legend className="float-left mb-1 w-full text-base font-semibold text-stone-900">{title}</legend>
      {children}
    </fieldset>
  );
}

function Field({
  name,
  label,
  hint,
  error,
  optional,
  children,
}: {
  name: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  optional?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="min-w-0">
      <label htmlFor={`lf-${name}`} className="mb-1 block text-sm font-medium text-stone-800">
        {label}
        {optional && <span className="font-normal text-stone-500"> (optional)</span>}
      </label>
      {children}
      {hint && (
        <p id={`lf-${name}-hint`} className="mt-1 text-xs text-stone-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`lf-${name}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
