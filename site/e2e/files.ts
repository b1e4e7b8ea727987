/**
 * A valid 16-bit mono 44.1 kHz WAV of `samples` samples (0.01 s by default): what the API's
 * content check accepts as audio. With `pattern`, the samples carry a repeating ramp, so a
 * downloaded copy can be told apart from silence.
 */
export function makeWav(samples = 441, { pattern = false }: { pattern?: boolean } = {}): Buffer {
  const data = samples * 2;
  const buf = Buffer.alloc(44 + data);
  buf.write('RIFF', 0, 'ascii');
  buf.writeUInt32LE(36 + data, 4);
  buf.write('WAVE', 8, 'ascii');
  buf.write('fmt ', 12, 'ascii');
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20);
  buf.writeUInt16LE(1, 22);
  buf.writeUInt32LE(44_100, 24);
  buf.writeUInt32LE(88_200, 28);
  buf.writeUInt16LE(2, 32);
  buf.writeUInt16LE(16, 34);
  buf.write('data', 36, 'ascii');
  buf.writeUInt32LE(data, 40);
  if (pattern) {
    for (let i = 0; i < samples; i++) buf.writeInt16LE(((i * 97) % 2000) - 1000, 44 + i * 2);
  }
  return buf;
}
