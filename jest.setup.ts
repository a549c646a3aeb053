import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks the encoders that react-dom/server needs to render a page's static HTML in a test.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// findBy* waits 1 s by default; a loaded CI machine renders slower than that, and a wait only costs time when a test fails.
configure({ asyncUtilTimeout: 5_000 });
