/** Browser helpers for the form's file inputs. */

/** Duration of a video in seconds from its metadata, or null when the browser cannot tell. */
export function videoSeconds(file: File): Promise<number | null> {
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

/** Makes a file input show `file` (a kept file after a reload, or none), where the browser allows it. */
export function showInInput(input: HTMLInputElement | null, file: File | null): void {
  if (!input || input.files?.[0] === file) return;
  if (!file) {
    input.value = '';
    return;
  }
  try {
    const transfer = new DataTransfer();
    transfer.items.add(file);
    input.files = transfer.files;
  } catch {
    // Older browsers: the preview below the input still shows the kept file.
  }
}
