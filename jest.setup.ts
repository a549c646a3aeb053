import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks the encoders that react-dom/server needs to render a page's static HTML in a test.
Object.assign(globalThis, { TextEncoder, TextDecoder });
