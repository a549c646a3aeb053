import React from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MarkdownBody } from '../../src/components/markdown/MarkdownBody';
import { renderWithI18n } from '../support/renderWithI18n';

const html =
  '<p>Intro</p>' +
  '<div class="code-block"><div class="code-block-toolbar" data-language="bash" data-copy-slot></div>' +
  '<div class="gatsby-highlight"><pre class="language-bash"><code><span class="token">npm</span> test</code></pre></div></div>' +
  '<ul><li><div class="code-block"><div class="code-block-toolbar" data-copy-slot></div><pre><code>second</code></pre></div></li></ul>';

describe('MarkdownBody', () => {
  it("puts a copy button in every code block, copying that block's text", async () => {
    const writeText = jest.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    const { container } = renderWithI18n(<MarkdownBody html={html} />);
    const buttons = screen.getAllByRole('button', { name: 'Copy' });
    expect(buttons).toHaveLength(2);
    expect(within(container.querySelector('.code-block') as HTMLElement).getByRole('button')).toBe(buttons[0]);
    await userEvent.click(buttons[0]);
    expect(writeText).toHaveBeenLastCalledWith('npm test');
    await userEvent.click(buttons[1]);
    expect(writeText).toHaveBeenLastCalledWith('second');
  });

  it('renders prose without buttons when there is no code', () => {
    renderWithI18n(<MarkdownBody html="<h2 id='faq'>FAQ</h2>" />);
    expect(screen.getByRole('heading', { name: 'FAQ' })).toHaveAttribute('id', 'faq');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
