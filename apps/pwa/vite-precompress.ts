import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Logger, Plugin } from 'vite';

/** The text files worth compressing; images and fonts are compressed formats already. */
const TEXT = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.webmanifest', '.json', '.txt']);

/**
 * Writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) sibling of every text file of the build, for the
 * sync server to send as they are (decision 0033): compressing once at build time at the highest levels costs
 * seconds here and nothing per request.
 *
 * It runs in `closeBundle` with order 'post', after vite-plugin-pwa's own (sequential) closeBundle has written sw.js
 * and workbox-*.js, so those are compressed too. The precache manifest is written before, so it never lists the
 * siblings. A sibling that would not be smaller than its file (a few bytes of JavaScript) is not written: the server
 * then sends the file itself.
 */
export function precompress(): Plugin {
  let outDir = '';
  let logger: Logger | undefined;
  return {
    name: 'simvisit:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      logger = config.logger;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler(error?: Error) {
        if (error) return;
        let files = 0;
        let raw = 0;
        let brotli = 0;
        for (const name of readdirSync(outDir, { recursive: true, encoding: 'utf8' })) {
          if (!TEXT.has(path.extname(name))) continue;
          const file = path.join(outDir, name);
          const content = readFileSync(file);
          const br = brotliCompressSync(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          });
          const gz = gzipSync(content, { level: constants.Z_BEST_COMPRESSION });
          if (br.length < content.length) writeFileSync(`${file}.br`, br);
          if (gz.length < content.length) writeFileSync(`${file}.gz`, gz);
          files++;
          raw += content.length;
          brotli += Math.min(br.length, content.length);
        }
        logger?.info(`precompressed ${files} text files: ${kib(raw)} → ${kib(brotli)} with brotli (and a gzip copy)`);
      },
    },
  };
}

function kib(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}
