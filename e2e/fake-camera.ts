import { writeFileSync } from 'node:fs';
import QRCode from 'qrcode';

const WIDTH = 640;
const HEIGHT = 480;
/** Pixels per QR module: a ticket's signed code (about 130 characters) fills about 300 px. */
const MODULE_PX = 5;

/**
 * Writes a Y4M clip that Chromium's `--use-file-for-fake-video-capture` plays as the camera: a
 * still picture of the QR code a ticket shows (same content and error correction as the ticket
 * page and PDF), black on white in the middle of a 640×480 frame. Y4M is a text header plus raw
 * YUV 4:2:0 frames; grey pixels need only the luma plane, chroma stays neutral (128). Chromium
 * opens the file when a page starts the camera, so a journey writes it right before.
 */
export function writeQrCameraClip(file: string, content: string): void {
  const { size, data } = QRCode.create(content, { errorCorrectionLevel: 'M' }).modules;
  const side = size * MODULE_PX;
  if (side > HEIGHT - 8 * MODULE_PX) throw new Error(`QR code of ${size} modules too big`);
  const left = Math.floor((WIDTH - side) / 2);
  const top = Math.floor((HEIGHT - side) / 2);
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235);
  for (let y = 0; y < side; y += 1) {
    for (let x = 0; x < side; x += 1) {
      const dark = data[Math.floor(y / MODULE_PX) * size + Math.floor(x / MODULE_PX)];
      if (dark) luma[(top + y) * WIDTH + left + x] = 16;
    }
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  // A few identical frames: Chromium loops the clip, so the code stays in view.
  writeFileSync(file, Buffer.concat([header, frame, frame, frame]));
}
