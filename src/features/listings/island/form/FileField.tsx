import { useEffect, useRef } from 'react';
import { showInInput } from './files.ts';
import { resizePhoto } from './resize.ts';
import { Thumb } from './Thumb.tsx';
import { Field, fieldA11y, fileClass } from './ui.tsx';

/** One required photo (the logo or the product photo), with its preview. */
export function FileField({
  name,
  label,
  removeLabel,
  file,
  error,
  prepare,
  onPick,
}: {
  name: 'profile_photo' | 'product_photo';
  label: string;
  removeLabel: string;
  file: File | null;
  error: string | undefined;
  /** Tells the form a photo is being made small (a Submit meanwhile waits for it). */
  prepare: (work: Promise<unknown>) => void;
  onPick: (file: File | null) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  // The input shows the chosen file, also one restored after a reload.
  useEffect(() => showInInput(input.current, file), [file]);
  return (
    <Field name={name} label={label} error={error}>
      <input
        ref={input}
        {...fieldA11y(name, error)}
        type="file"
        accept="image/*"
        aria-required="true"
        onChange={(e) => {
          const picked = e.target.files?.[0];
          // A cancelled picker empties the input in some browsers: keep the file already chosen (× removes it).
          // Made small once, here: the preview, the kept listing and the upload are the same file.
          if (picked) prepare(resizePhoto(picked).then(onPick));
          else showInInput(e.target, file);
        }}
        className={fileClass}
      />
      {file && (
        <div className="mt-2">
          <Thumb file={file} removeLabel={removeLabel} onRemove={() => onPick(null)} />
        </div>
      )}
    </Field>
  );
}
