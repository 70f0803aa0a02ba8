/** Real picture files for upload tests: made by sharp, or by hand where sharp would refuse to make them. */
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

export function picture(format: 'jpeg' | 'png' | 'webp' | 'gif', width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 120, g: 160, b: 90 } } })
    .toFormat(format)
    .toBuffer();
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A genuine PNG of one colour (1-bit grey) whose pixels are all there: a few tens of kilobytes on disk,
 * width x height x 4 bytes once decoded. The decompression bomb an upload must refuse from its header.
 */
export function pngBomb(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter, no interlace
  const rows = Buffer.alloc((Math.ceil(width / 8) + 1) * height); // filter byte 0 and white-less zero rows
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An HTML page that starts like nothing in particular: what a "photo.jpg" from an attacker may hold. */
export const HTML_AS_JPG = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');
