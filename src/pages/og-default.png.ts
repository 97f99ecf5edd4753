import type { APIRoute } from 'astro';
import sharp from 'sharp';

let png: Promise<Buffer> | undefined;

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
<rect width="1200" height="630" fill="#065f46"/>
<circle cx="1050" cy="120" r="260" fill="#047857"/>
<path d="M180 150c-66 0-120 53-120 119 0 89 120 217 120 217s120-128 120-217c0-66-54-119-120-119z" fill="#ecfdf5"/>
<path d="M132 264l48-48h60v60l-48 48z" fill="#fbbf24"/>
<text x="360" y="300" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="130" font-weight="bold" fill="white">Sefer</text>
<text x="364" y="380" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="40" fill="#d1fae5">Verified local discounts near you</text>
</svg>`;

/** The default link-preview image, rendered once per process (no binary committed). */
export const GET: APIRoute = async () => {
  png ??= sharp(Buffer.from(svg)).png().toBuffer();
  return new Response(new Uint8Array(await png), {
    headers: { 'Content-Type': 'image/png', 'Cache-Control': 'public, max-age=86400' },
  });
};
