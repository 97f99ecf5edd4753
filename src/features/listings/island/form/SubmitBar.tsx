import { localHref } from '#platform/i18n/locales.ts';
import type { MouseEvent } from 'react';
import { LISTING_MESSAGES as M } from '#features/listings/listing-messages.ts';
import { SIGN_UP_HREF } from './submit.ts';
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

/** The form's message (validation, outcome, or the sign-up link) and the Submit button. */
export function SubmitBar({ notice, busy }: { notice: Notice | null; busy: boolean }) {
  return (
    <div className="space-y-3">
      <div role="alert" aria-live="assertive" aria-atomic="true">
        {notice && (
          <p className={NOTICE_CLASS[notice.kind]}>
            <span>{notice.text}</span>
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
      <button
        type="submit"
        disabled={busy}
        className="w-full rounded-full bg-brand-700 px-6 py-3 text-base font-semibold text-white shadow-sm hover:bg-brand-800 disabled:cursor-wait disabled:opacity-60 sm:w-auto"
      >
        {busy ? M.submitting : M.submit}
      </button>
    </div>
  );
}
