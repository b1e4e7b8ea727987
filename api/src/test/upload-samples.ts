import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Small real files of each type an upload may be (api/src/test/fixtures/uploads, a few KB each):
 * made once with ffmpeg 5.1 (a 0.2 s tone, a 0.3 s 64x48 test pattern), heif-enc 1.15 (HEIC),
 * sharp (AVIF, JPEG, PNG, WebP) and zip; the PDF and the polyglot by hand (see the decision
 * 027). `poly-wav-html` is a real WAV whose extra RIFF chunk is an HTML page with a script.
 */
export interface Sample {
  file: string;
  /** What file-type finds: null when it knows none. */
  mime: string | null;
  ext: string | null;
}

export const samples = {
  wav: { file: 'tone.wav', mime: 'audio/wav', ext: 'wav' },
  mp3: { file: 'tone.mp3', mime: 'audio/mpeg', ext: 'mp3' },
  flac: { file: 'tone.flac', mime: 'audio/flac', ext: 'flac' },
  ogg: { file: 'tone.ogg', mime: 'audio/ogg', ext: 'ogg' },
  m4a: { file: 'tone.m4a', mime: 'audio/x-m4a', ext: 'm4a' },
  mp4: { file: 'clip.mp4', mime: 'video/mp4', ext: 'mp4' },
  mov: { file: 'clip.mov', mime: 'video/quicktime', ext: 'mov' },
  webm: { file: 'clip.webm', mime: 'video/webm', ext: 'webm' },
  mkv: { file: 'clip.mkv', mime: 'video/matroska', ext: 'mkv' },
  '3gp': { file: 'clip.3gp', mime: 'video/3gpp', ext: '3gp' },
  avi: { file: 'clip.avi', mime: 'video/vnd.avi', ext: 'avi' },
  zip: { file: 'stems.zip', mime: 'application/zip', ext: 'zip' },
  heic: { file: 'photo.heic', mime: 'image/heic', ext: 'heic' },
  avif: { file: 'photo.avif', mime: 'image/avif', ext: 'avif' },
  jpeg: { file: 'photo.jpg', mime: 'image/jpeg', ext: 'jpg' },
  png: { file: 'photo.png', mime: 'image/png', ext: 'png' },
  webp: { file: 'photo.webp', mime: 'image/webp', ext: 'webp' },
  pdf: { file: 'rider.pdf', mime: 'application/pdf', ext: 'pdf' },
  html: { file: 'page-html.sample', mime: null, ext: null },
  polyglot: { file: 'poly-wav-html.sample', mime: 'audio/wav', ext: 'wav' },
} satisfies Record<string, Sample>;

export type SampleName = keyof typeof samples;

const dir = path.join(import.meta.dirname, 'fixtures', 'uploads');

/** A sample's bytes. */
export function sampleBytes(name: SampleName): Buffer {
  return readFileSync(path.join(dir, samples[name].file));
}
