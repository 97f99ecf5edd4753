/**
 * The photos and video of a deal posted from the bot: fetched from Telegram by file_id (getFile,
 * then `<apiRoot>/file/bot<token>/<file_path>`), checked as web uploads are (checkImages,
 * checkVideo), and at Submit fetched again and stored re-encoded through the web form's own
 * storing code (storeListingFiles). The draft keeps only the file ids.
 */
import { GrammyError, type Api } from 'grammy';
import type { StoredImage } from '#db/schema.ts';
import { checkImages } from '#features/media/image-checks.server.ts';
import { mediaStorage } from '#features/media/media-storage.server.ts';
import { checkVideo, type CheckedVideo } from '#features/media/video-checks.server.ts';
import { storeListingFiles, type StoredListingMedia } from '#features/listings/listing-input.server.ts';
import type { TelegramConfig } from '#platform/config/config.server.ts';
import { m } from '#paraglide/messages.js';
import { BOT_FILE_LIMIT, type DraftFile, type PostDraft } from './post-draft.ts';

/** What fetching a file needs: the bot's API and its token and origin. */
export interface TelegramFiles {
  api: Api;
  telegram: TelegramConfig;
}

export type Fetched = { ok: true; file: File } | { ok: false; message: string };

const MB = 1024 * 1024;
const tooBig = (): Fetched => ({ ok: false, message: m.tgpost_file_too_big({ mb: BOT_FILE_LIMIT / MB }) });
const unreadable = (): Fetched => ({ ok: false, message: m.tgpost_file_unreadable() });
/** A download of 20 MB over a slow link still finishes well within this. */
const DOWNLOAD_TIMEOUT_MS = 120_000;

/** A file the person sent, fetched from Telegram (the declared size is checked before anything is asked). */
export async function fetchTelegramFile(bot: TelegramFiles, fileId: string, name: string, declaredSize = 0): Promise<Fetched> {
  if (declaredSize > BOT_FILE_LIMIT) return tooBig();
  let path: string | undefined;
  try {
    const file = await bot.api.getFile(fileId);
    if ((file.file_size ?? 0) > BOT_FILE_LIMIT) return tooBig();
    path = file.file_path;
  } catch (error) {
    if (error instanceof GrammyError && /too big/i.test(error.description)) return tooBig();
    if (error instanceof GrammyError && error.error_code === 400) return unreadable();
    throw error;
  }
  if (!path) return unreadable();
  const url = `${bot.telegram.apiRoot}/file/bot${bot.telegram.token}/${path.split('/').map(encodeURIComponent).join('/')}`;
  const response = await fetch(url, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) });
  if (!response.ok) return unreadable();
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes.byteLength > BOT_FILE_LIMIT) return tooBig();
  return { ok: true, file: new File([bytes], name) };
}

/** A sent photo or image file, checked as a web upload; its message when refused. */
export async function checkSentPhoto(
  bot: TelegramFiles,
  sent: DraftFile,
  first: boolean,
): Promise<{ ok: true } | { ok: false; message: string }> {
  const fetched = await fetchTelegramFile(bot, sent.fileId, 'photo', sent.size);
  if (!fetched.ok) return fetched;
  const checked = await checkImages([{ field: first ? 'product_photo' : 'uploaded_images', file: fetched.file, via: 'telegram' }]);
  return checked.ok ? { ok: true } : { ok: false, message: checked.problem.message };
}

/** A sent video, checked as a web upload (its length measured here, whatever Telegram says). */
export async function checkSentVideo(bot: TelegramFiles, sent: DraftFile): Promise<CheckedVideo | { ok: false; message: string }> {
  const fetched = await fetchTelegramFile(bot, sent.fileId, 'video', sent.size);
  if (!fetched.ok) return fetched;
  const checked = await checkVideo('product_video', fetched.file, 'telegram');
  return checked.ok ? checked : { ok: false, message: checked.problem.message };
}

/** The last listing's logo as a file, to be checked and stored again as this listing's own; null when it is gone. */
async function logoFile(logo: StoredImage): Promise<File | null> {
  const bytes = await mediaStorage().read(`${logo.key}.webp`);
  return bytes ? new File([new Uint8Array(bytes)], 'logo.webp') : null;
}

/**
 * At Submit: every file of the draft fetched again, checked and stored re-encoded, with the
 * seller's last logo (stored again as a copy) or else the first photo as the logo.
 */
export async function storeDraftMedia(
  bot: TelegramFiles,
  draft: PostDraft,
  lastLogo: StoredImage | null,
): Promise<{ ok: true; value: StoredListingMedia } | { ok: false; message: string }> {
  const photos: File[] = [];
  for (const photo of draft.photos) {
    const fetched = await fetchTelegramFile(bot, photo.fileId, 'photo', photo.size);
    if (!fetched.ok) return fetched;
    photos.push(fetched.file);
  }
  let video: File | null = null;
  if (draft.video) {
    const fetched = await fetchTelegramFile(bot, draft.video.fileId, 'video', draft.video.size);
    if (!fetched.ok) return fetched;
    video = fetched.file;
  }
  const [photo, ...extra] = photos;
  if (!photo) return { ok: false, message: m.form_product_photo() };
  const logo = (lastLogo ? await logoFile(lastLogo) : null) ?? photo;
  const stored = await storeListingFiles({ logo, photo, extra, video });
  return stored.ok ? stored : { ok: false, message: stored.error };
}
