import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server, settledBreaks } from './msw';

// jsdom has no layout: MUI and react-admin ask for these.
if (!window.matchMedia)
  window.matchMedia = (query: string) =>
    ({ matches: false, media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false }) as MediaQueryList;

// findBy/waitFor give up after 1 s by default: a busy machine renders react-admin's screens slower than that.
configure({ asyncUtilTimeout: 5000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
  const broken = await settledBreaks();
  if (broken.length) throw new Error(`The test's msw answers break the server's response schemas:\n  ${broken.join('\n  ')}`);
});
afterAll(() => server.close());
