/**
 * A component of Decap CMS's own React that draws with the site's: made
 * with Decap's `createClass` and `h`, it renders an empty element, into
 * which `draw` renders by a React root of its own, again whenever Decap
 * passes new props. Decap bundles its own React, so the site's components
 * cannot be handed to it directly. The preview's templates
 * (./preview/register.browser.ts) and the Translation field
 * (./translation/widget.browser.ts) are made so.
 */
import type React from 'react';
import { createRoot, type Root } from 'react-dom/client';

/** Decap's globals for making a component of its React. */
export interface DecapReact {
  h(type: string, props: Record<string, unknown>): unknown;
  createClass<Spec extends object>(spec: Spec): unknown;
}

/** What a drawn component knows: Decap's props, and a redraw for a change Decap does not pass as props. */
export interface DrawnComponent<Props> {
  props: Props;
  redraw(): void;
}

interface Instance<Props> extends DrawnComponent<Props> {
  node?: HTMLElement | null;
  root?: Root;
  stop?: () => void;
}

type Spec<Props> = ThisType<Instance<Props>> & {
  componentDidMount(): void;
  componentDidUpdate(): void;
  componentWillUnmount(): void;
  render(): unknown;
};

/**
 * The component: `draw` gives what to render from the instance; `watch`,
 * when given, starts with the first drawing and returns what stops it.
 */
export function reactRootClass<Props>(
  decap: DecapReact,
  draw: (component: DrawnComponent<Props>) => React.ReactElement | null,
  watch?: (component: DrawnComponent<Props>) => () => void,
): unknown {
  return decap.createClass<Spec<Props>>({
    componentDidMount() {
      if (!this.node) return;
      this.root = createRoot(this.node);
      this.redraw = () => this.root?.render(draw(this));
      this.redraw();
      this.stop = watch?.(this);
    },
    componentDidUpdate() {
      this.root?.render(draw(this));
    },
    componentWillUnmount() {
      this.stop?.();
      // After Decap's render: React may not unmount a root while rendering.
      const root = this.root;
      setTimeout(() => root?.unmount(), 0);
    },
    render() {
      return decap.h('div', {
        ref: (node: HTMLElement | null) => {
          this.node = node;
        },
      });
    },
  });
}
