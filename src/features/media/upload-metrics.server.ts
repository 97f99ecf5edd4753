/**
 * `sefer_uploads_total` (issue 32's metrics): every uploaded file once, where its checks end, by
 * the way it came (`tus`: a resumable upload, `form`: a file in a multipart form, `telegram`: a
 * photo or video sent to the bot), its kind (image, video) and the result (accepted, refused). A
 * file is counted where it came in, never again: a staged upload a listing names, or a bot's
 * photo fetched again at Submit, is checked again but not counted again.
 */
import { counter } from '#platform/metrics/metrics.server.ts';

/** How an uploaded file arrived. */
export type UploadVia = 'tus' | 'form' | 'telegram';
type UploadKind = 'image' | 'video';

const uploads = () =>
  counter('sefer_uploads_total', {
    help: 'Uploaded files checked, by way (tus, form, telegram), kind and result',
    labelNames: ['via', 'kind', 'result'],
  });

/** Counts one file whose checks passed (`accepted`) or refused it; nothing when `via` is undefined (counted before). */
export function countUpload(via: UploadVia | undefined, kind: UploadKind, accepted: boolean): void {
  if (via) uploads().inc({ via, kind, result: accepted ? 'accepted' : 'refused' });
}
