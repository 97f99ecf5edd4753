import { describe, expect, it } from 'vitest';
import { isUploadField, stagedField, stagedUploadId, UPLOAD_FIELDS } from './staged-upload.ts';

const ID = '0123456789abcdef0123456789abcdef';

describe('stagedUploadId', () => {
  it('reads an upload id, or the upload URL the tus client knows', () => {
    expect(stagedUploadId(ID)).toBe(ID);
    expect(stagedUploadId(` ${ID}\n`)).toBe(ID);
    expect(stagedUploadId(`/api/uploads/${ID}`)).toBe(ID);
    expect(stagedUploadId(`https://sefer.et/api/uploads/${ID}/`)).toBe(ID);
  });

  it('refuses anything else: other paths, other lengths, upper case, traversal, files', () => {
    expect(stagedUploadId('')).toBeNull();
    expect(stagedUploadId(ID.slice(1))).toBeNull();
    expect(stagedUploadId(ID.toUpperCase())).toBeNull();
    expect(stagedUploadId(`${ID}0`)).toBeNull();
    expect(stagedUploadId(`/api/products/${ID}`)).toBeNull();
    expect(stagedUploadId(`/api/uploads/${ID}/x`)).toBeNull();
    expect(stagedUploadId('../../etc/passwd')).toBeNull();
    expect(stagedUploadId(new File(['x'], 'x.jpg'))).toBeNull();
    expect(stagedUploadId(null)).toBeNull();
  });
});

describe('upload fields', () => {
  it('are the listing’s file fields, the video apart, each named `<field>_upload` in a listing', () => {
    expect(UPLOAD_FIELDS).toEqual({ profile_photo: 'image', product_photo: 'image', uploaded_images: 'image', product_video: 'video' });
    expect(stagedField('uploaded_images')).toBe('uploaded_images_upload');
    expect(isUploadField('product_video')).toBe(true);
    expect(isUploadField('toString')).toBe(false);
    expect(isUploadField('email')).toBe(false);
  });
});
