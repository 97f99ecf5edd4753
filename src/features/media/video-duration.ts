/**
 * The length of a video read from its container, in pure code (no I/O, no binary): MP4/QuickTime
 * from the 'moov' box, WebM/Matroska from the segment's info and clusters. Null when the bytes do
 * not say; the caller then asks ffmpeg.
 */

/** Reads an EBML variable-length integer; `keepMarker` for element IDs, which keep their marker bit. */
function readVint(bytes: Uint8Array, pos: number, keepMarker: boolean): { value: number; length: number; unknown: boolean } | null {
  const first = bytes[pos];
  if (first === undefined || first === 0) return null;
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
  if (length > 8 || pos + length > bytes.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const b = bytes[pos + i]!;
    value = value * 256 + b;
    if (b !== 0xff) allOnes = false;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

function readElementHeader(bytes: Uint8Array, pos: number): { id: number; dataStart: number; size: number | null } | null {
  const id = readVint(bytes, pos, true);
  if (!id) return null;
  const size = readVint(bytes, pos + id.length, false);
  if (!size) return null;
  return { id: id.value, dataStart: pos + id.length + size.length, size: size.unknown ? null : size.value };
}

const EBML_ID = 0x1a45dfa3;

type Box = { type: string; start: number; end: number };

function* boxes(view: DataView, start: number, end: number): Generator<Box> {
  let pos = start;
  while (pos + 8 <= end) {
    let size = view.getUint32(pos);
    const type = String.fromCharCode(view.getUint8(pos + 4), view.getUint8(pos + 5), view.getUint8(pos + 6), view.getUint8(pos + 7));
    let header = 8;
    if (size === 1) {
      if (pos + 16 > end) return;
      size = Number(view.getBigUint64(pos + 8));
      header = 16;
    } else if (size === 0) {
      size = end - pos;
    }
    if (size < header) return;
    const boxEnd = Math.min(pos + size, end);
    yield { type, start: pos + header, end: boxEnd };
    pos += size;
  }
}

function child(view: DataView, parent: Box, type: string): Box | undefined {
  for (const b of boxes(view, parent.start, parent.end)) if (b.type === type) return b;
  return undefined;
}

/** Reads a full box's (timescale, duration) pair laid out as in mvhd/mdhd. */
function timescaleAndDuration(view: DataView, box: Box): { timescale: number; duration: number | null } | null {
  const version = view.getUint8(box.start);
  const at = box.start + 4 + (version === 1 ? 16 : 8);
  if (at + (version === 1 ? 12 : 8) > box.end) return null;
  const timescale = view.getUint32(at);
  const raw = version === 1 ? view.getBigUint64(at + 4) : BigInt(view.getUint32(at + 4));
  const unknown = version === 1 ? raw === 0xffffffffffffffffn : raw === 0xffffffffn;
  return { timescale, duration: unknown ? null : Number(raw) };
}

function tkhdDuration(view: DataView, box: Box): number | null {
  const version = view.getUint8(box.start);
  const at = box.start + 4 + (version === 1 ? 16 + 8 : 8 + 8);
  if (at + (version === 1 ? 8 : 4) > box.end) return null;
  const raw = version === 1 ? view.getBigUint64(at) : BigInt(view.getUint32(at));
  if (raw === (version === 1 ? 0xffffffffffffffffn : 0xffffffffn)) return null;
  return Number(raw);
}

function sttsTicks(view: DataView, box: Box): number {
  const count = view.getUint32(box.start + 4);
  let total = 0;
  for (let i = 0, at = box.start + 8; i < count && at + 8 <= box.end; i++, at += 8) {
    total += view.getUint32(at) * view.getUint32(at + 4);
  }
  return total;
}

/**
 * Duration in seconds of an MP4 or QuickTime file from its 'moov' box: the longest of the movie
 * header (mvhd, versions 0 and 1), each track header, the media header and the time of the samples
 * themselves (stts) of every track, so no header, and no edit list claiming a shorter cut, makes
 * the clip look shorter than what a player that ignores the edit list shows. Null when the file
 * has no usable 'moov', or is fragmented (the fragments after it add time).
 */
export function mp4DurationSeconds(bytes: Uint8Array): number | null {
  try {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let moov: Box | undefined;
    for (const b of boxes(view, 0, bytes.length)) {
      if (b.type === 'moov') {
        moov = b;
        break;
      }
    }
    if (!moov) return null;
    if (child(view, moov, 'mvex')) return null;
    const mvhdBox = child(view, moov, 'mvhd');
    if (!mvhdBox) return null;
    const mvhd = timescaleAndDuration(view, mvhdBox);
    if (!mvhd || mvhd.timescale === 0) return null;
    const candidates: number[] = [];
    if (mvhd.duration !== null) candidates.push(mvhd.duration / mvhd.timescale);
    for (const trak of boxes(view, moov.start, moov.end)) {
      if (trak.type !== 'trak') continue;
      const tkhd = child(view, trak, 'tkhd');
      const tkhdTicks = tkhd ? tkhdDuration(view, tkhd) : null;
      if (tkhdTicks !== null) candidates.push(tkhdTicks / mvhd.timescale);
      const mdia = child(view, trak, 'mdia');
      const mdhdBox = mdia && child(view, mdia, 'mdhd');
      const mdhd = mdhdBox ? timescaleAndDuration(view, mdhdBox) : null;
      if (!mdia || !mdhd || mdhd.timescale === 0) continue;
      if (mdhd.duration !== null) candidates.push(mdhd.duration / mdhd.timescale);
      const minf = child(view, mdia, 'minf');
      const stbl = minf && child(view, minf, 'stbl');
      const stts = stbl && child(view, stbl, 'stts');
      if (stts) candidates.push(sttsTicks(view, stts) / mdhd.timescale);
    }
    const seconds = Math.max(0, ...candidates.filter(Number.isFinite));
    return seconds > 0 ? seconds : null;
  } catch {
    return null;
  }
}

const SEGMENT_ID = 0x18538067;
const INFO_ID = 0x1549a966;
const TIMECODE_SCALE_ID = 0x2ad7b1;
const DURATION_ID = 0x4489;
const CLUSTER_ID = 0x1f43b675;
const CLUSTER_TIMECODE_ID = 0xe7;
const SIMPLE_BLOCK_ID = 0xa3;
const BLOCK_GROUP_ID = 0xa0;
const BLOCK_ID = 0xa1;
const BLOCK_DURATION_ID = 0x9b;
// Elements that end a cluster written with an unknown size (live recordings, MediaRecorder).
const SEGMENT_LEVEL_IDS = new Set([
  CLUSTER_ID,
  INFO_ID,
  0x114d9b74,
  0x1654ae6b,
  0x1c53bb6b,
  0x1254c367,
  0x1043a770,
  0x1941a469,
  SEGMENT_ID,
  EBML_ID,
]);

function readUint(bytes: Uint8Array, start: number, size: number): number {
  let v = 0;
  for (let i = 0; i < size; i++) v = v * 256 + bytes[start + i]!;
  return v;
}

function blockTimecode(bytes: Uint8Array, start: number, end: number): number | null {
  const track = readVint(bytes, start, false);
  if (!track || start + track.length + 2 > end) return null;
  const at = start + track.length;
  return (((bytes[at]! << 8) | bytes[at + 1]!) << 16) >> 16;
}

/**
 * Duration in seconds of a WebM/Matroska file: the Segment Info Duration × TimecodeScale, or the
 * last block's time when that is later (live recordings carry no Duration, and a lying header
 * must not shorten the clip). Null when neither is found.
 */
export function webmDurationSeconds(bytes: Uint8Array): number | null {
  try {
    const ebml = readElementHeader(bytes, 0);
    if (!ebml || ebml.id !== EBML_ID || ebml.size === null) return null;
    let pos = ebml.dataStart + ebml.size;
    let segment = readElementHeader(bytes, pos);
    while (segment && segment.id !== SEGMENT_ID && segment.size !== null) {
      pos = segment.dataStart + segment.size;
      segment = readElementHeader(bytes, pos);
    }
    if (!segment || segment.id !== SEGMENT_ID) return null;
    const segmentEnd = segment.size === null ? bytes.length : Math.min(segment.dataStart + segment.size, bytes.length);

    let timecodeScale = 1_000_000;
    let headerDuration: number | null = null;
    let lastTicks = -Infinity;
    let clusterTimecode = 0;
    // Inside a cluster, until this offset; 0 when at segment level.
    let clusterEnd = 0;
    let unknownCluster = false;

    pos = segment.dataStart;
    while (pos < segmentEnd) {
      const el = readElementHeader(bytes, pos);
      if (!el) break;
      if (unknownCluster && SEGMENT_LEVEL_IDS.has(el.id)) unknownCluster = false;
      const inCluster = unknownCluster || pos < clusterEnd;
      if (!inCluster && el.id === CLUSTER_ID) {
        clusterTimecode = 0;
        if (el.size === null) unknownCluster = true;
        else clusterEnd = el.dataStart + el.size;
        pos = el.dataStart;
        continue;
      }
      if (el.size === null) break;
      const end = Math.min(el.dataStart + el.size, bytes.length);
      if (!inCluster && el.id === INFO_ID) {
        for (let p = el.dataStart; p < end;) {
          const c = readElementHeader(bytes, p);
          if (!c || c.size === null) break;
          if (c.id === TIMECODE_SCALE_ID && c.size >= 1 && c.size <= 8) timecodeScale = readUint(bytes, c.dataStart, c.size);
          if (c.id === DURATION_ID && c.dataStart + c.size <= bytes.length) {
            const dv = new DataView(bytes.buffer, bytes.byteOffset + c.dataStart, c.size);
            if (c.size === 4) headerDuration = dv.getFloat32(0);
            else if (c.size === 8) headerDuration = dv.getFloat64(0);
          }
          p = c.dataStart + c.size;
        }
      } else if (inCluster && el.id === CLUSTER_TIMECODE_ID && el.size <= 8) {
        clusterTimecode = readUint(bytes, el.dataStart, el.size);
      } else if (inCluster && el.id === SIMPLE_BLOCK_ID) {
        const rel = blockTimecode(bytes, el.dataStart, end);
        if (rel !== null) lastTicks = Math.max(lastTicks, clusterTimecode + rel);
      } else if (inCluster && el.id === BLOCK_GROUP_ID) {
        let rel: number | null = null;
        let blockDuration = 0;
        for (let p = el.dataStart; p < end;) {
          const c = readElementHeader(bytes, p);
          if (!c || c.size === null) break;
          if (c.id === BLOCK_ID) rel = blockTimecode(bytes, c.dataStart, Math.min(c.dataStart + c.size, end));
          if (c.id === BLOCK_DURATION_ID && c.size <= 8) blockDuration = readUint(bytes, c.dataStart, c.size);
          p = c.dataStart + c.size;
        }
        if (rel !== null) lastTicks = Math.max(lastTicks, clusterTimecode + rel + blockDuration);
      }
      pos = el.dataStart + el.size;
    }

    const ticks = Math.max(headerDuration !== null && Number.isFinite(headerDuration) ? headerDuration : -Infinity, lastTicks);
    if (!Number.isFinite(ticks) || ticks <= 0 || timecodeScale <= 0) return null;
    return (ticks * timecodeScale) / 1e9;
  } catch {
    return null;
  }
}
