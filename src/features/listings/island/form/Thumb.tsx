import { useCallback } from 'react';

/** A chosen file: its picture (or its name) and a × button that removes it. */
export function Thumb({ file, onRemove, removeLabel }: { file: File; onRemove: () => void; removeLabel: string }) {
  // The preview's temporary URL lives exactly as long as its <img>.
  const preview = useCallback(
    (img: HTMLImageElement | null) => {
      if (!img) return;
      const url = URL.createObjectURL(file);
      img.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [file],
  );
  return (
    <div className="relative h-20 w-20 shrink-0 overflow-hidden rounded-xl border border-stone-200 bg-stone-100">
      {file.type.startsWith('image/') ? (
        <img ref={preview} alt={file.name} className="h-full w-full object-cover" />
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
