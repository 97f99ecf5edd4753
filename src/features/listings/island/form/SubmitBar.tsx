import { localHref } from '#platform/i18n/locales.ts';
import type { MouseEvent } from 'react';
import { LISTING_MESSAGES as M } from '#features/listings/listing-messages.ts';
import { m } from '#paraglide/messages.js';
import { sentPageHref } from '#features/listings/listing-sent.ts';
import { SIGN_UP_HREF, type DuplicateDeal } from './submit.ts';
import { megabytes, progressFigures, type UploadProgress } from './upload.ts';
import type { Notice } from './use-notice.ts';

const NOTICE_CLASS: Record<Notice['kind'], string> = {
  success: 'rounded-2xl border border-brand-600 bg-brand-50 p-3 font-medium text-brand-800',
  signup: 'flex flex-wrap items-center gap-x-3 gap-y-2 rounded-2xl border border-accent-500 bg-amber-50 p-3 font-medium text-stone-900',
  error: 'rounded-2xl border border-red-300 bg-red-50 p-3 font-medium break-words text-red-800',
};

function signUpClick(e: MouseEvent<HTMLAnchorElement>) {
  if (!navigator.onLine) {
    e.preventDefault();
    alert(M.offline);
  }
}

/** How far the files are sent: a bar with the percentage, what is left, and a line while it retries. */
function UploadBar({ progress }: { progress: UploadProgress }) {
  const { percent, left } = progressFigures(progress);
  const done = left === 0;
  return (
    <div className="space-y-1 text-sm text-stone-800" data-testid="upload-progress">
      <div
        role="progressbar"
        aria-label={m.form_upload_progress_label()}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
        className="h-3 w-full overflow-hidden rounded-full bg-stone-200"
      >
        <div className="h-full rounded-full bg-brand-700 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p aria-live="polite">
        {done ? m.form_upload_saving() : m.form_upload_left({ percent, left: megabytes(left), total: megabytes(progress.total) })}
      </p>
      {progress.retrying && (
        <p role="status" className="font-medium text-amber-800">
          {m.form_upload_retrying()}
        </p>
      )}
    </div>
  );
}

/** A deal the seller already sent: post this one anyway, or see that one. */
function DuplicateActions({ duplicate, onPostAgain }: { duplicate: DuplicateDeal; onPostAgain: () => void }) {
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <button
        type="button"
        onClick={onPostAgain}
        className="rounded-full bg-brand-700 px-4 py-1.5 font-semibold text-white hover:bg-brand-800"
      >
        {m.form_duplicate_post_anyway()}
      </button>
      <a href={localHref(sentPageHref(duplicate.id))} className="font-semibold text-brand-800 underline">
        {m.form_duplicate_see_it()}
      </a>
    </p>
  );
}

/**
 * The form's message (validation, outcome, or the sign-up link), the upload's progress while it is
 * sent, the duplicate's choices, and the Submit button.
 */
export function SubmitBar({
  notice,
  busy,
  waitingForPhotos = false,
  progress = null,
  duplicate = null,
  onPostAgain = () => undefined,
  sentHref = null,
}: {
  notice: Notice | null;
  busy: boolean;
  /** Submit was tapped while photos were still being made small: it goes when they are ready. */
  waitingForPhotos?: boolean;
  progress?: UploadProgress | null;
  duplicate?: DuplicateDeal | null;
  onPostAgain?: () => void;
  /** After a success: the page that shows the deal just sent. */
  sentHref?: string | null;
}) {
  return (
    <div className="space-y-3">
      {busy && progress && <UploadBar progress={progress} />}
      {waitingForPhotos && (
        <p role="status" className="text-sm font-medium text-stone-800" data-preparing-photos>
          {m.form_ui_preparing_photos()}
        </p>
      )}
      <div role="alert" aria-live="assertive" aria-atomic="true">
        {notice && (
          <p className={NOTICE_CLASS[notice.kind]}>
            <span>{notice.text}</span>
            {notice.kind === 'success' && sentHref && (
              <>
                {' '}
                <a href={sentHref} className="font-semibold underline" data-sent-link>
                  {m.form_upload_see_sent()}
                </a>
              </>
            )}
            {notice.kind === 'signup' && (
              <>
                {' '}
                <a
                  href={localHref(SIGN_UP_HREF)}
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
      {duplicate && !busy && <DuplicateActions duplicate={duplicate} onPostAgain={onPostAgain} />}
      <button
        type="submit"
        disabled={busy || waitingForPhotos}
        className="w-full rounded-full bg-brand-700 px-6 py-3 text-base font-semibold text-white shadow-sm hover:bg-brand-800 disabled:cursor-wait disabled:opacity-60 sm:w-auto"
      >
        {busy || waitingForPhotos ? M.submitting : M.submit}
      </button>
    </div>
  );
}
