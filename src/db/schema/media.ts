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
}

/** A video stored by the media module, with a poster image shown until the visitor taps play. */
export interface StoredVideo {
  key: string;
  /** File extension of the stored video, e.g. `mp4` or `webm`. */
  ext: string;
  durationSeconds: number;
  poster: StoredImage | null;
}
