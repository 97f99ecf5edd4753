/** What the media module stores about an image or a video, kept as JSON on the rows that show them. */

/** An image stored by the media module: `/media/{key}.webp` and its thumbnail `/media/{key}-thumb.webp`. */
export interface StoredImage {
  key: string;
  width: number;
  height: number;
  thumbWidth: number;
  thumbHeight: number;
  /** The 56 and 112 px squares for a card's slot exist (`-icon`, `-icon2x`); images stored before issue 17 get them in the background. */
  icons?: true;
  /** The 88 and 176 px squares for a card's product photo exist (`-square`, `-square2x`); issue 30, backfilled like the icons. */
  squares?: true;
  /** Bytes of the 360 px thumbnail, what a lite page's "Show photos" costs; unknown for images stored before issue 30. */
  thumbBytes?: number;
}

/** A video stored by the media module, with a poster image shown until the visitor taps play. */
export interface StoredVideo {
  key: string;
  /** File extension of the stored video, e.g. `mp4` or `webm`. */
  ext: string;
  durationSeconds: number;
  poster: StoredImage | null;
}
