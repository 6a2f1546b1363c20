import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.js';
import type { DatasetSource } from './dataset.js';
import { UpstreamError } from './fetch.js';

/**
 * A source whose `fetch` makes several requests (a paged API, an index page then a document)
 * cannot be sampled as one document: its sample is then a request log, a file named
 * `*.requests.json` holding every request the live fetch makes with the answer to each, stored
 * as its own file in the upstream's format beside the log:
 *
 *     { "about": "...", "requests": [{ "url": "https://host/path?query", "body"?: "...", "file": "a.json" }] }
 *
 * A request the upstream failed is recorded with its `status` instead of a file.
 * An answer may also be one document of a JSON file that holds several (`"pointer": "/3"`, a JSON
 * pointer; a string there is a text document such as a feed's XML), so a sample kept as the list
 * of the documents a fetch requests stays one file.
 *
 * A sample load runs the source's own `fetch` over these answers (`replayRecorded`), so samples and
 * live data go through the same combination code, and the test upstream replays the same files at
 * their real paths. Credentials appear in the recorded addresses as the name of their variable
 * (`api_key=FRED_API_KEY`): the replay runs `fetch` with each required variable set to its name.
 */
export const REQUEST_LOG_SUFFIX = '.requests.json';

export interface RecordedRequest {
  /** The address the live fetch requests, credentials written as their variable's name. */
  url: string;
  /** A POST's JSON body, when the request is one. */
  body?: string;
  /** The answer, relative to the log's folder; absent when the upstream answered with an error (`status`). */
  file?: string;
  /** An HTTP error status the upstream answered with instead of a document (a feed that was down). */
  status?: number;
  /** Where the answer sits in `file` when that holds several documents (RFC 6901 JSON pointer). */
  pointer?: string;
}

export function isRequestLog(sample: string): boolean {
  return sample.endsWith(REQUEST_LOG_SUFFIX);
}

/** Reads a request log and the answers it names: each request with its bytes, or the error status it met. */
export function readRequestLog(file: string): { request: RecordedRequest; answer: Buffer | number }[] {
  const log = JSON.parse(fs.readFileSync(file, 'utf8')) as { requests?: RecordedRequest[] };
  if (!Array.isArray(log.requests)) throw new UpstreamError(`${path.basename(file)} lists no requests`);
  const read = (name: string) => fs.readFileSync(path.join(path.dirname(file), name));
  return log.requests.map((request) => ({
    request,
    answer:
      request.file === undefined
        ? (request.status ?? 500)
        : request.pointer === undefined
          ? read(request.file)
          : answerAt(JSON.parse(read(request.file).toString('utf8')), request.pointer),
  }));
}

/** A document held inside a JSON file: a string is a text document (XML, CSV), anything else JSON. */
function answerAt(doc: unknown, pointer: string): Buffer {
  const value = atPointer(doc, pointer);
  return Buffer.from(typeof value === 'string' ? value : JSON.stringify(value));
}

function atPointer(doc: unknown, pointer: string): unknown {
  let at = doc;
  for (const raw of pointer.split('/').slice(1)) {
    const token = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (at === null || typeof at !== 'object' || !(token in at))
      throw new UpstreamError(`the request log's pointer ${pointer} names nothing`);
    at = (at as Record<string, unknown>)[token];
  }
  return at;
}

/** What identifies a request in a log: the normalised address, and the body of a POST. */
export function requestKey(url: string, body?: string): string {
  const u = new URL(url);
  return `${u.origin}${u.pathname}${u.search}${body === undefined ? '' : ` ${body}`}`;
}

/** The configuration a replay runs `fetch` with: every variable the source requires set to its own name. */
export function replayConfig(source: DatasetSource, config: Config): Config {
  const names = Object.fromEntries((source.requires ?? []).map((name) => [name, name]));
  return { ...config, ...names } as Config;
}

/**
 * Runs a source's `fetch` over its recorded answers instead of the network, at the moment the
 * sample was captured. A request the log does not hold fails, naming it: the sample then no longer
 * matches what the live code asks for.
 */
export async function replayRecorded(
  source: DatasetSource,
  logFile: string,
  config: Config,
  now: number,
): Promise<Buffer> {
  if (!source.fetch)
    throw new UpstreamError(`${path.basename(logFile)}: a request log needs a source with its own fetch`);
  const answers = new Map(readRequestLog(logFile).map((e) => [requestKey(e.request.url, e.request.body), e.answer]));
  const get = (url: string, init?: { body?: string }) => {
    const answer = answers.get(requestKey(url, init?.body));
    const shown = `${init?.body === undefined ? 'GET' : 'POST'} ${url}`;
    if (answer === undefined)
      return Promise.reject(new UpstreamError(`${path.basename(logFile)} records no answer for ${shown}`));
    if (typeof answer === 'number')
      return Promise.reject(new UpstreamError(`${shown}: HTTP ${answer} (recorded)`, { status: answer }));
    return Promise.resolve(answer);
  };
  return source.fetch(get, { now, config: replayConfig(source, config) });
}
