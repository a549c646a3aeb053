/**
 * A diagram that never finishes drawing, however fast the machine: the next
 * drawing browser the renderer opens gets mermaid with its render held
 * forever, so only the plugin's time limit can end the wait. A real diagram
 * slow enough to pass the limit on one machine draws within it on a faster
 * one.
 */
import fs from 'node:fs';
import { closeRenderer } from '../../features/markdown/remark-mermaid';
import { MERMAID_SCRIPT } from '../../features/markdown/remark-mermaid/renderer.node';

/** Run in the drawing page after mermaid's own script: every render waits for good. */
const HOLD_RENDERS = '\n;globalThis.mermaid.render = () => new Promise(() => undefined);\n';

/**
 * Closes the drawing browser, so the next diagram opens one whose mermaid
 * never finishes a drawing; `restore` lets the browser after that draw
 * again (a drawing the limit stopped closes its browser).
 */
export async function holdDrawings(): Promise<{ restore: () => void }> {
  await closeRenderer();
  const readFileSync = fs.readFileSync;
  const reads = jest.spyOn(fs, 'readFileSync').mockImplementation(((file: fs.PathOrFileDescriptor, options?: BufferEncoding) => {
    const text = readFileSync(file, options);
    return file === MERMAID_SCRIPT ? `${String(text)}${HOLD_RENDERS}` : text;
  }) as typeof fs.readFileSync);
  return { restore: () => reads.mockRestore() };
}
