import { unzipSync } from 'fflate';
import { FormatError } from './errors.js';

export interface UnzipOptions {
  /** Refuse an archive whose entries together declare more than this many uncompressed bytes (default 512 MiB). */
  maxBytes?: number;
}

const DEFAULT_MAX_BYTES = 512 * 1024 * 1024;

function bytesOf(input: Buffer | string): Uint8Array {
  return typeof input === 'string' ? Buffer.from(input, 'latin1') : input;
}

/**
 * A zip archive -> its file entries (directories left out) by path, in archive order. The
 * uncompressed size is checked against `maxBytes` before anything is inflated, so a zip bomb is
 * refused rather than expanded.
 */
export function unzipEntries(input: Buffer | string, opts: UnzipOptions = {}): Map<string, Buffer> {
  const bytes = bytesOf(input);
  if (bytes.length < 4 || bytes[0] !== 0x50 || bytes[1] !== 0x4b) {
    throw new FormatError('zip', `not a zip archive (no PK signature; ${bytes.length} bytes)`);
  }
  const cap = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  let declared = 0;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (f) => {
        declared += f.originalSize;
        if (declared > cap) throw new FormatError('zip', `archive expands past ${cap} bytes (entry ${f.name})`);
        return !f.name.endsWith('/');
      },
    });
  } catch (err) {
    if (err instanceof FormatError) throw err;
    throw new FormatError('zip', `unreadable archive: ${(err as Error).message}`, { cause: err });
  }
  const out = new Map<string, Buffer>();
  for (const [name, data] of Object.entries(files))
    out.set(name, Buffer.from(data.buffer, data.byteOffset, data.byteLength));
  return out;
}

export interface ZippedTsvOptions extends UnzipOptions {
  /** Entry to read; without it the archive must hold exactly one file. */
  entry?: string;
}

/**
 * A zip archive holding one tab-separated file (GDELT's export layout: no header, no quoting) ->
 * rows of cells. Blank lines are skipped; a trailing CR is dropped.
 */
export function readZippedTsv(input: Buffer | string, opts: ZippedTsvOptions = {}): string[][] {
  const entries = unzipEntries(input, opts);
  let data: Buffer | undefined;
  if (opts.entry !== undefined) {
    data = entries.get(opts.entry);
    if (!data)
      throw new FormatError(
        'zip',
        `no entry "${opts.entry}" in archive (has: ${[...entries.keys()].join(', ') || 'none'})`,
      );
  } else {
    if (entries.size !== 1)
      throw new FormatError(
        'zip',
        `expected one file in archive, found ${entries.size} (${[...entries.keys()].join(', ')}); name the entry`,
      );
    data = [...entries.values()][0];
  }
  const rows: string[][] = [];
  for (const line of data.toString('utf8').split('\n')) {
    const l = line.endsWith('\r') ? line.slice(0, -1) : line;
    if (l === '') continue;
    rows.push(l.split('\t'));
  }
  return rows;
}
