/**
 * Draws the preview's diagrams in the editor's browser with what the build
 * draws them with: mermaid's own bundle and the drawing page's script
 * (features/markdown/remark-mermaid/page.js: the site's settings, every key
 * made secure, the drawing inspected), both copied into /admin/ by
 * features/cms/admin.node.ts and loaded only when an entry has a diagram. A drawing
 * the build would refuse is refused here in its words
 * (features/markdown/remark-mermaid/rules.js, features/markdown/markupBoundary.ts). Mermaid runs here, inside
 * /admin/, and nowhere on the public site.
 */
import { RENDER_CONFIG } from '../../markdown/remark-mermaid/config';
import { drawingProblem } from '../../markdown/remark-mermaid/rules';
import { checkMarkup } from '../../markdown/markupBoundary';

type Drawn = { svg: string; loads: string[] } | { error: string };

interface DrawingPage {
  draw(request: { id: string; code: string; config: Record<string, unknown> }): Promise<Drawn>;
}

/** The scripts, in order: mermaid, then the drawing page, which finds it as the global `mermaid`. */
export interface DiagramScripts {
  mermaid: string;
  page: string;
}

let loading: Promise<DrawingPage> | undefined;

function loadScript(document: Document, src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`${src} did not load`));
    document.head.append(script);
  });
}

/** The drawing page, loaded once into the CMS's window (not the preview's frame, which Decap redraws). */
function drawingPage(window: Window, scripts: DiagramScripts): Promise<DrawingPage> {
  loading ??= loadScript(window.document, scripts.mermaid)
    .then(() => loadScript(window.document, scripts.page))
    .then(() => {
      const page = (window as unknown as { stockpayMermaid?: DrawingPage }).stockpayMermaid;
      if (!page) throw new Error(`${scripts.page} did not start`);
      return page;
    });
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

let drawings = 0;

/**
 * Draws `sources` into the `figure.diagram` places of `container`, in order.
 * Returns what the build would refuse, one message a diagram (`name` names
 * the file; each diagram is named by the file alone: the preview does not
 * keep the fence's line once drawn).
 */
export async function drawDiagrams(window: Window, scripts: DiagramScripts, container: Element, sources: readonly string[], name: string): Promise<string[]> {
  const places = Array.from(container.querySelectorAll('figure.diagram'));
  if (sources.length === 0 || places.length !== sources.length) return [];
  let page: DrawingPage;
  try {
    page = await drawingPage(window, scripts);
  } catch (error) {
    return [`${name}: the diagrams cannot be drawn here: ${error instanceof Error ? error.message : String(error)}`];
  }
  const problems: string[] = [];
  for (const [index, code] of sources.entries()) {
    drawings += 1;
    const drawn = await page.draw({ id: `preview-diagram-${drawings}`, code, config: RENDER_CONFIG });
    const problem = drawingProblem(name, drawn);
    if (problem || 'error' in drawn) {
      problems.push(problem ?? name);
      continue;
    }
    // The build holds the drawn figure to the markup boundary with the rest of the page.
    try {
      checkMarkup(`<figure class="diagram">${drawn.svg}</figure>`, name);
      places[index].innerHTML = drawn.svg;
    } catch (error) {
      problems.push(error instanceof Error ? error.message : String(error));
    }
  }
  return problems;
}
