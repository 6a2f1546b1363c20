import http from 'node:http';
import { assertConforms } from './conformance.js';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  body: any;
}

/**
 * A request with exactly the headers given (no defaults), where a header given as an array is sent
 * as repeated header lines, the way a misbehaving client would.
 */
export function rawRequest(
  baseUrl: string,
  path: string,
  headers: Record<string, string | string[]> = {},
  method = 'GET',
  body?: string,
): Promise<RawResponse> {
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers: { connection: 'close', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown;
        try {
          parsed = text ? JSON.parse(text) : undefined;
        } catch {
          parsed = undefined;
        }
        try {
          // Answers on documented operation paths must match openapi.gen.yaml, whatever was sent.
          assertConforms({ method, url: path, status: res.statusCode ?? 0, headers: res.headers, text });
        } catch (e) {
          return reject(e);
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body: parsed });
      });
    });
    req.on('error', reject);
    if (body !== undefined) req.end(body);
    else req.end();
  });
}
