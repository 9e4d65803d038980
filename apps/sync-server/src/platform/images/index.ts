export { decodeLoad, MAX_CONCURRENT_DECODES, type ReencodeOptions, type ReencodeResult, reencodeImage } from './image-reencoder';
