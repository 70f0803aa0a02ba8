import sharp from 'sharp';
import { SCENE } from './scene';

/**
 * The part of a simulated camera's picture without text: above the camera's name and clock (both at its
 * foot), and below the top 40 px (where the name was drawn before and consoles draw their titles). The
 * clock changes every second whatever the camera does, so a test comparing whole pictures would see a
 * change where PTZ did nothing.
 */
export const PLAIN_REGION = { left: 0, top: 40, width: SCENE.viewW, height: SCENE.viewH - 40 - 46 } as const;
/**
 * Two pictures of a camera show the same view below this share of changed pixels (measured: 0 without the
 * moving box, up to 0.03 with it at the start zoom, between stream frames and captures alike); another
 * view above MOVED_ABOVE (measured: 0.34 for a zoom from 2 to 4.5 or 6 at the centre, 0.87-1 for pans and
 * zooming out).
 */
export const SAME_BELOW = 0.1;
export const MOVED_ABOVE = 0.2;
/** A pixel has changed when a colour channel moved by more than this (JPEG noise stays well below). */
const PIXEL_THRESHOLD = 48;

/**
 * The share (0..1) of pixels of the text-free region that differ between two pictures of the same
 * camera (JPEG, PNG...). The scene's own motion (the moving box) changes a small share; a pan or a zoom
 * changes much of the picture.
 */
export async function changedShare(a: Buffer, b: Buffer): Promise<number> {
  const raw = (img: Buffer) =>
    sharp(img).resize(SCENE.viewW, SCENE.viewH, { fit: 'fill' }).extract(PLAIN_REGION).removeAlpha().raw().toBuffer();
  const [pa, pb] = await Promise.all([raw(a), raw(b)]);
  let changed = 0;
  for (let i = 0; i < pa.length; i += 3) {
    const d = Math.max(
      Math.abs((pa[i] as number) - (pb[i] as number)),
      Math.abs((pa[i + 1] as number) - (pb[i + 1] as number)),
      Math.abs((pa[i + 2] as number) - (pb[i + 2] as number)),
    );
    if (d > PIXEL_THRESHOLD) changed++;
  }
  return changed / (pa.length / 3);
}
