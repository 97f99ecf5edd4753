import { m } from '#paraglide/messages.js';
import { MAX_PICKER_IMAGES } from '#features/listings/listing-schema.ts';
import { resizePhoto } from './resize.ts';
import type { PickedImage } from './state.ts';
import { Thumb } from './Thumb.tsx';
import { Field, fieldA11y, fileClass } from './ui.tsx';

/** The additional images: picked a few at a time (up to the picker's limit), each removable. */
export function ImagePicker({
  images,
  error,
  prepare,
  onAdd,
  onRemove,
}: {
  images: PickedImage[];
  error: string | undefined;
  /** Tells the form photos are being made small (a Submit meanwhile waits for them). */
  prepare: (work: Promise<unknown>) => void;
  onAdd: (files: File[]) => void;
  onRemove: (id: number) => void;
}) {
  return (
    <Field
      name="uploaded_images"
      label={m.form_ui_more_images({ max: MAX_PICKER_IMAGES })}
      hint={m.form_ui_images_chosen({ count: images.length, max: MAX_PICKER_IMAGES })}
      error={error}
      optional
    >
      <input
        {...fieldA11y('uploaded_images', error, true)}
        type="file"
        accept="image/*"
        multiple
        onChange={(e) => {
          const picked = Array.from(e.target.files ?? []);
          // Emptied so the same photo can be picked again after removing it.
          e.target.value = '';
          // Made small once, here: the previews, the kept listing and the uploads are the same files.
          prepare(Promise.all(picked.map(resizePhoto)).then(onAdd));
        }}
        className={fileClass}
      />
      {images.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label={m.form_ui_chosen_images()} data-chosen-images>
          {images.map((p, i) => (
            <li key={p.id}>
              <Thumb file={p.file} removeLabel={m.form_ui_remove_image({ n: i + 1 })} onRemove={() => onRemove(p.id)} />
            </li>
          ))}
        </ul>
      )}
    </Field>
  );
}
