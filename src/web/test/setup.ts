import { i18n } from '@lingui/core';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './msw';

// Components render in English, the source language, as the app does before a catalog says
// otherwise: the macros keep each message's English text. A feature's catalog, once its code
// is imported, loads into the same instance.
i18n.loadAndActivate({ locale: 'en', messages: {} });

// findBy*/waitFor wait for a condition; 1 s (the default) is too short a ceiling when the web and
// unit projects share two busy cores and a lazy page takes its first render: a test that passes
// still returns as soon as its condition holds.
configure({ asyncUtilTimeout: 5000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// Testing Library only unmounts by itself when test globals are on; they are off here.
afterEach(() => {
  cleanup();
  // Handlers a test added with server.use(), and its request recorders, end with the test.
  server.resetHandlers();
  server.events.removeAllListeners();
});
afterAll(() => server.close());
