import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './msw';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// Testing Library only unmounts by itself when test globals are on; they are off here.
afterEach(() => {
  cleanup();
  // Handlers a test added with server.use(), and its request recorders, end with the test.
  server.resetHandlers();
  server.events.removeAllListeners();
});
afterAll(() => server.close());
