import { describe, expect, it } from 'vitest';
import { base64OfDataUrl, imageName, imageProblem, isSendableType } from './imageFiles';

describe('imageProblem', () => {
  it('accepts PNG, JPEG, GIF and WebP up to 5 MB, five at a time', () => {
    expect(imageProblem({ name: 'shot.png', type: 'image/png', size: 1000 }, 0)).toBeNull();
    expect(imageProblem({ name: 'a.webp', type: 'image/webp', size: 5 * 1024 * 1024 }, 4)).toBeNull();
    expect(isSendableType('image/gif') && isSendableType('image/jpeg')).toBe(true);
  });
  it('says why not: not an image, too big, too many', () => {
    expect(imageProblem({ name: 'notes.txt', type: 'text/plain', size: 10 }, 0)).toBe('notes.txt is not an image Akira can send (PNG, JPEG, GIF or WebP).');
    expect(imageProblem({ name: 'icon.svg', type: 'image/svg+xml', size: 10 }, 0)).toMatch(/not an image Akira can send/);
    expect(imageProblem({ name: 'big.png', type: 'image/png', size: 6 * 1024 * 1024 }, 0)).toBe('big.png is 6.0 MB: an image may have at most 5 MB.');
    expect(imageProblem({ name: 'six.png', type: 'image/png', size: 10 }, 5)).toBe('At most 5 images at a time: six.png was not added.');
  });
});

describe('base64OfDataUrl', () => {
  it('drops the data: prefix', () => {
    expect(base64OfDataUrl('data:image/png;base64,iVBORw0KGgo=')).toBe('iVBORw0KGgo=');
    expect(base64OfDataUrl('iVBORw0KGgo=')).toBe('iVBORw0KGgo=');
  });
});

describe('imageName', () => {
  it('numbers clipboard images, keeps real names', () => {
    expect(imageName({ name: 'image.png', type: 'image/png' }, 2)).toBe('image-2.png');
    expect(imageName({ name: '', type: 'image/jpeg' }, 1)).toBe('image-1.jpg');
    expect(imageName({ name: 'login page.png', type: 'image/png' }, 3)).toBe('login page.png');
  });
});
