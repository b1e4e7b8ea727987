/**
 * The project form's allow-list (spec: audio, video or .zip), by the type file-type finds in the
 * content. Images (HEIC and AVIF photos included: they are `image/heic`, `image/avif`), PDFs,
 * documents that are ZIPs inside (DOCX, EPUB, JAR: file-type names them), HTML and anything
 * file-type does not know are refused. See docs/decisions/027-upload-names-and-types.md.
 */
export const projectFileTypes: ReadonlySet<string> = new Set([
  // Audio
  'audio/wav',
  'audio/aiff',
  'audio/flac',
  'audio/mpeg',
  'audio/aac',
  'audio/x-m4a',
  'audio/mp4',
  'audio/ogg',
  'audio/ogg; codecs=opus',
  'audio/x-caf',
  'audio/amr',
  'audio/x-ms-asf',
  // Video
  'video/mp4',
  'video/x-m4v',
  'video/quicktime',
  'video/webm',
  'video/matroska',
  'video/3gpp',
  'video/3gpp2',
  'video/vnd.avi',
  'video/x-ms-asf',
  'video/mpeg',
  'video/MP1S',
  'video/MP2P',
  'video/ogg',
  // Archives
  'application/zip',
]);

/**
 * What a digital product may deliver (issue 25, decision 045): what a project takes, and PDFs,
 * EPUBs and the other archives sample packs come in. Checked by content as every upload.
 */
export const productFileTypes: ReadonlySet<string> = new Set([
  ...projectFileTypes,
  'application/pdf',
  'application/epub+zip',
  'application/x-7z-compressed',
  'application/gzip',
  'application/x-tar',
  'application/x-rar-compressed',
  'audio/midi',
]);
