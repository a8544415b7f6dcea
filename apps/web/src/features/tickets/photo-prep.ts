/**
 * Photos from a phone's camera weigh 3-8 MB; a ticket file may weigh at most TICKET_IMAGE_MAX_BYTES
 * (SPEC.md), which the server keeps. So before a JPEG or PNG too heavy to upload is added to the form, the
 * browser draws it, upright (its EXIF orientation applied), at most TICKET_IMAGE_MAX_PIXELS on its longest
 * side (what the server stores anyway), and encodes it as a JPEG, less finely or smaller until it fits
 * (docs/decisions/0017-photos-prepared-in-the-browser.md). Anything else is added as it was chosen, and the
 * form's own check says what is wrong with it.
 */
import { TICKET_IMAGE_MAX_BYTES, TICKET_IMAGE_MAX_PIXELS } from '@mend/shared';

/** JPEG qualities tried in turn at one size: the first is indistinguishable from the photo on a screen. */
const JPEG_QUALITIES = [0.85, 0.72, 0.6] as const;
/** Each further size is this much of the one before, for photos that still do not fit. */
const SIZE_STEP = 0.75;
/** How many sizes are tried, the first being TICKET_IMAGE_MAX_PIXELS. */
const SIZE_ROUNDS = 3;

/** The types drawn again: what a camera or a screenshot gives (a GIF may move, a PDF is not a picture). */
const PREPARED_TYPES: readonly string[] = ['image/jpeg', 'image/png'];

export interface Size {
  width: number;
  height: number;
}

export interface EncodingAttempt extends Size {
  quality: number;
}

/** Whether a chosen file is drawn again before it is added: a JPEG or PNG heavier than the limit. */
export function needsPreparing(file: { type: string; size: number }): boolean {
  return PREPARED_TYPES.includes(file.type.toLowerCase()) && file.size > TICKET_IMAGE_MAX_BYTES;
}

/** `size` scaled down (never up) so that its longest side is at most `longest`, its shape kept. */
export function fitWithin(size: Size, longest: number): Size {
  const scale = Math.min(1, longest / Math.max(size.width, size.height));
  return {
    width: Math.max(1, Math.round(size.width * scale)),
    height: Math.max(1, Math.round(size.height * scale)),
  };
}

/**
 * The encodings to try, in order, for an upright image of `size`: every quality at the largest size, then
 * at smaller ones; an image already smaller than a round's size is not scaled up, and no encoding twice.
 */
export function encodingAttempts(size: Size, longest: number = TICKET_IMAGE_MAX_PIXELS): EncodingAttempt[] {
  const attempts: EncodingAttempt[] = [];
  let side = longest;
  for (let round = 0; round < SIZE_ROUNDS; round++) {
    const fitted = fitWithin(size, side);
    for (const quality of JPEG_QUALITIES) {
      if (
        !attempts.some((a) => a.width === fitted.width && a.height === fitted.height && a.quality === quality)
      )
        attempts.push({ ...fitted, quality });
    }
    side = Math.round(side * SIZE_STEP);
  }
  return attempts;
}

/** The prepared file's name: the chosen one with a .jpg extension ("IMG_0042.png" -> "IMG_0042.jpg"). */
export function jpegName(name: string): string {
  const dot = name.lastIndexOf('.');
  return `${dot > 0 ? name.slice(0, dot) : name || 'photo'}.jpg`;
}

type Drawable = ImageBitmap | HTMLImageElement;

/** The image decoded upright: browsers apply the EXIF orientation when decoding (`from-image`). */
async function decode(file: File): Promise<{ image: Drawable; size: Size; release: () => void }> {
  if (typeof createImageBitmap === 'function') {
    try {
      const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
      return {
        image: bitmap,
        size: { width: bitmap.width, height: bitmap.height },
        release: () => bitmap.close(),
      };
    } catch {
      // Older engines: an image element below.
    }
  }
  const url = URL.createObjectURL(file);
  try {
    const element = new Image();
    element.src = url;
    await element.decode();
    return {
      image: element,
      size: { width: element.naturalWidth, height: element.naturalHeight },
      release: () => URL.revokeObjectURL(url),
    };
  } catch (error) {
    URL.revokeObjectURL(url);
    throw error;
  }
}

function encode(canvas: HTMLCanvasElement, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The image could not be encoded.'))),
      'image/jpeg',
      quality,
    ),
  );
}

/**
 * The file to add for a chosen one: drawn again as a JPEG when it needs it (needsPreparing), the first
 * encoding that fits, else the lightest; the chosen file itself when it needs nothing or cannot be drawn.
 */
export async function preparePhoto(file: File): Promise<File> {
  if (!needsPreparing(file)) return file;
  let decoded: Awaited<ReturnType<typeof decode>>;
  try {
    decoded = await decode(file);
  } catch {
    return file;
  }
  try {
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d');
    if (!context) return file;
    let lightest: Blob | null = null;
    for (const attempt of encodingAttempts(decoded.size)) {
      if (canvas.width !== attempt.width || canvas.height !== attempt.height) {
        canvas.width = attempt.width;
        canvas.height = attempt.height;
        // A PNG's transparent parts become white, not JPEG's black.
        context.fillStyle = '#fff';
        context.fillRect(0, 0, attempt.width, attempt.height);
        context.imageSmoothingQuality = 'high';
        context.drawImage(decoded.image, 0, 0, attempt.width, attempt.height);
      }
      const blob = await encode(canvas, attempt.quality);
      if (!lightest || blob.size < lightest.size) lightest = blob;
      if (blob.size <= TICKET_IMAGE_MAX_BYTES) break;
    }
    canvas.width = 0;
    canvas.height = 0;
    if (!lightest) return file;
    return new File([lightest], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified });
  } catch {
    return file;
  } finally {
    decoded.release();
  }
}
