/**
 * A loopback proxy in front of the site under test that delivers each HTML
 * document in two parts with a pause between them, as a slow network does,
 * so a browser test can see what the page paints while its HTML is half
 * parsed. Everything else passes through unchanged.
 */
import type { RequestListener } from 'node:http';
import { listen, type RunningServer } from '../system/listen';

/** Where to cut a document: the byte offset after which the pause comes. */
export type SplitAt = (html: string) => number;

/** Just after the first start tag that begins in the second half of <main>. */
export const middleOfMain: SplitAt = (html) => {
  const start = html.indexOf('<main');
  const end = html.indexOf('</main>');
  if (start < 0 || end < 0) throw new Error('the document has no <main>');
  const tag = html.indexOf('<', Math.floor((start + end) / 2));
  return html.indexOf('>', tag) + 1;
};

/** Just after the first occurrence of `marker`. */
export const after =
  (marker: string): SplitAt =>
  (html) => {
    const at = html.indexOf(marker);
    if (at < 0) throw new Error(`the document does not contain ${marker}`);
    return at + marker.length;
  };

export function startSlowDocumentServer(siteUrl: string, options: { pauseMs: number; splitAt: SplitAt }): Promise<RunningServer> {
  const handler: RequestListener = (request, response) => {
    void (async () => {
      const upstream = await fetch(new URL(request.url ?? '/', siteUrl), { headers: { 'accept-encoding': 'identity' } });
      const type = upstream.headers.get('content-type') ?? 'application/octet-stream';
      response.writeHead(upstream.status, { 'content-type': type, 'cache-control': 'no-store' });
      if (!type.startsWith('text/html')) {
        response.end(Buffer.from(await upstream.arrayBuffer()));
        return;
      }
      const html = await upstream.text();
      const cut = Buffer.byteLength(html.slice(0, options.splitAt(html)));
      const bytes = Buffer.from(html);
      response.write(bytes.subarray(0, cut));
      await new Promise((resolve) => setTimeout(resolve, options.pauseMs));
      response.end(bytes.subarray(cut));
    })().catch((error: Error) => {
      response.destroy(error);
    });
  };
  return listen(handler, 0);
}
