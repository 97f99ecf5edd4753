/**
 * The real type of an uploaded file, read from its bytes by the `file-type` package: never the
 * file name or the MIME type a client sends.
 */
import { fileTypeFromBuffer } from 'file-type';

/** Raster image types accepted for pictures. */
export type ImageType = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif' | 'heic';
/** Video containers accepted for the listing video. */
export type VideoExt = 'mp4' | 'webm' | 'mov';
/** A file type accepted for some upload. */
export type SniffedType = ImageType | VideoExt;

// file-type's extensions for what is accepted; anything else (SVG, HTML, XML, PDF, archives,
// audio-only MP4, 3GPP...) is refused. 3GPP is left out: phones that still write it use codecs
// browsers do not play. Matroska is the WebM container (browsers play its WebM subset); M4V and
// F4V are MP4 files under another brand.
const ACCEPTED: Readonly<Record<string, SniffedType>> = {
  jpg: 'jpeg',
  png: 'png',
  apng: 'png',
  webp: 'webp',
  gif: 'gif',
  avif: 'avif',
  heic: 'heic',
  mp4: 'mp4',
  m4v: 'mp4',
  f4v: 'mp4',
  mov: 'mov',
  webm: 'webm',
  mkv: 'webm',
};

const IMAGE_TYPES: ReadonlySet<SniffedType> = new Set<ImageType>(['jpeg', 'png', 'webp', 'gif', 'avif', 'heic']);

/** The file's real type from its bytes, or null for anything not accepted. */
export async function sniffFileType(bytes: Uint8Array): Promise<SniffedType | null> {
  if (bytes.length === 0) return null;
  const detected = await fileTypeFromBuffer(bytes);
  return (detected && ACCEPTED[detected.ext]) ?? null;
}

export function isImageType(type: SniffedType | null): type is ImageType {
  return type !== null && IMAGE_TYPES.has(type);
}

export function isVideoType(type: SniffedType | null): type is VideoExt {
  return type !== null && !IMAGE_TYPES.has(type);
}
