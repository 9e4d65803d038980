export { CONTENT_IMAGE_MAX_BYTES, CONTENT_IMAGE_MESSAGES, type ContentImageCheck, checkPostImage } from './content-image';
export { decodeLoad, MAX_CONCURRENT_DECODES, type ReencodeOptions, type ReencodeResult, reencodeImage } from './image-reencoder';
export { isSafeSvg } from './svg-check';
export {
  type JpegOrPngOptions,
  type LogoOptions,
  logoToPng,
  reencodeJpegOrPng,
  type UploadFailure,
  type UploadResult,
} from './uploaded-image';
