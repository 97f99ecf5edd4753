import { m } from '#paraglide/messages.js';
import { useEffect, useRef, type ChangeEvent } from 'react';
import { LISTING_MESSAGES as M } from '#features/listings/listing-messages.ts';
import { MAX_VIDEO_SECONDS } from '#features/listings/listing-schema.ts';
import { showInInput, videoSeconds } from './files.ts';
import { Field, fieldA11y, fileClass } from './ui.tsx';

/** The optional product video: refused here when the browser can tell it is too long. */
export function VideoField({ file, error, onPick }: { file: File | null; error: string | undefined; onPick: (file: File | null) => void }) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => showInInput(input.current, file), [file]);

  async function pick(e: ChangeEvent<HTMLInputElement>) {
    const target = e.target;
    const picked = target.files?.[0];
    if (!picked) return showInInput(target, file);
    const seconds = await videoSeconds(picked);
    if (seconds !== null && seconds > MAX_VIDEO_SECONDS) {
      alert(M.videoTooLong);
      target.value = '';
      onPick(null);
      return;
    }
    // Unknown length (a format this browser cannot read): the server checks it.
    onPick(picked);
  }

  return (
    <Field
      name="product_video"
      label={m.form_ui_video()}
      hint={m.form_ui_video_hint({ seconds: MAX_VIDEO_SECONDS })}
      error={error}
      optional
    >
      <input ref={input} {...fieldA11y('product_video', error, true)} type="file" accept="video/*" onChange={pick} className={fileClass} />
      {file && (
        <p className="mt-2 flex items-center gap-2 text-sm text-stone-700">
          <span className="truncate">🎬 {file.name}</span>
          <button type="button" onClick={() => onPick(null)} className="shrink-0 rounded-full px-2 py-1 text-brand-700 underline">
            {m.form_ui_remove_video()}
          </button>
        </p>
      )}
    </Field>
  );
}
