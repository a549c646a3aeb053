import React from 'react';

// A heading and a paragraph, so the largest paint is text, as on most of our pages.
export default function EmptyPage() {
  return (
    <main>
      <h1>An empty Gatsby page</h1>
      <p>Gatsby 5 and React 18 with nothing added: the reference for what the framework's runtime costs a page's first paint.</p>
    </main>
  );
}

export const Head = () => (
  <>
    <html lang="en" />
    <title>An empty Gatsby page</title>
  </>
);
