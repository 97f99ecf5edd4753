/**
 * Ethiopic rows that sound alike (amharic-text-notes): pure and dependency-free, so islands may use
 * it (the category search of the listing form) without the rest of the search's text folding.
 */

/** Rows (first syllable of the row) that sound like another row, folded to it. */
export const SAME_SOUND_ROWS: ReadonlyMap<number, number> = new Map<number, number>([
  [0x1210, 0x1200], // ሐ → ሀ
  [0x1280, 0x1200], // ኀ → ሀ
  [0x12b8, 0x1200], // ኸ → ሀ
  [0x1220, 0x1230], // ሠ → ሰ
  [0x12d0, 0x12a0], // ዐ → አ
  [0x1340, 0x1338], // ፀ → ጸ
]);
